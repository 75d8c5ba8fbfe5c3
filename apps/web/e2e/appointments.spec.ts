import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

import { pickFirstFreeTime, registerPatient, trpcRequestsOnLoad } from "./schedule-support";
import { chooseOption, DEMO, expectToast, signInQuietly } from "./support";

async function openBookingFromDashboard(page: Page) {
  await page.goto("/dashboard/patient");
  const upcoming = page.getByRole("region", { name: "Upcoming Sessions" });
  await expect(upcoming.getByText("No sessions booked")).toBeVisible();
  // The empty state's own button opens the booking modal.
  await upcoming.getByRole("button", { name: "Book Session" }).click();
  const dialog = page.getByRole("dialog", { name: "Book a session" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The calendar's chip of a session, looking a month ahead if it is not in the one shown. */
async function calendarChip(page: Page, title: string) {
  const chip = page.getByTestId("calendar-appointment").filter({ hasText: title });
  if ((await chip.count()) === 0) await page.getByRole("button", { name: "Next month" }).click();
  await expect(chip).toHaveCount(1);
  return chip;
}

test.describe("booking, rescheduling and cancelling", () => {
  test("a patient books through the slot picker, sees it on the dashboard and the calendar, reschedules and cancels it", async ({ page }) => {
    test.setTimeout(90_000);
    await registerPatient(page);
    const title = `Sleep and routine ${Date.now().toString(36)}`;

    // Closed, the dialog gives the focus back to the button that opened it.
    await openBookingFromDashboard(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("region", { name: "Upcoming Sessions" }).getByRole("button", { name: "Book Session" })).toBeFocused();

    // Book: doctor, title, a day and one of the doctor's free times.
    const dialog = await openBookingFromDashboard(page);
    await chooseOption(page, dialog.getByRole("combobox", { name: "Doctor" }), /Dr\. Eleanor Vance/);
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Description").fill("First time back after the holidays");
    const bookedTime = await pickFirstFreeTime(dialog, { weeksAhead: 1 });
    // The dialog is taller than the window: its buttons stay in sight at its foot.
    expect(await dialog.evaluate((element) => element.scrollHeight > element.clientHeight), "the dialog scrolls").toBe(true);
    await expect(dialog.getByRole("button", { name: "Book Session" })).toBeInViewport({ ratio: 1 });
    await dialog.getByRole("button", { name: "Book Session" }).click();
    await expectToast(page, "Success", "Appointment booked successfully!");
    await expect(dialog).toBeHidden();

    // The dashboard's lists refresh at once.
    const upcoming = page.getByRole("region", { name: "Upcoming Sessions" });
    await expect(upcoming.getByRole("button", { name: title })).toBeVisible();
    await expect(upcoming.getByTestId("appointment-row")).toContainText(bookedTime.split(" ")[0]!);
    await expect(page.locator('[data-stat="Upcoming sessions"]')).toContainText("1");

    // The calendar shows it, coloured and labelled as scheduled.
    await page.goto("/appointments");
    const chip = await calendarChip(page, title);
    await expect(chip).toHaveAttribute("data-status", "scheduled");
    await expect(chip).toContainText("Scheduled");

    // Its details offer the patient's actions.
    await chip.click();
    const details = page.getByRole("dialog", { name: title });
    await expect(details.getByRole("button", { name: "Reschedule" })).toBeVisible();
    await expect(details.getByRole("button", { name: "Cancel session" })).toBeVisible();
    await details.getByRole("button", { name: "Close" }).click();

    // Reschedule with the edit icon, through the slot picker, two weeks on.
    const list = page.getByRole("list", { name: "Upcoming sessions" });
    await list.getByRole("button", { name: `Reschedule ${title}` }).click();
    const reschedule = page.getByRole("dialog", { name: "Reschedule session" });
    await pickFirstFreeTime(reschedule, { weeksAhead: 2 });
    await reschedule.getByRole("button", { name: "Move session" }).click();
    await expectToast(page, "Session moved", title);
    await expect(reschedule).toBeHidden();

    // Cancel with the delete icon, after a confirmation (outside 24 h: no late warning).
    await list.getByRole("button", { name: `Cancel ${title}` }).click();
    const confirm = page.getByRole("dialog", { name: "Cancel this session?" });
    await expect(confirm.getByText("late cancellation")).toHaveCount(0);
    await confirm.getByRole("button", { name: "Cancel session" }).click();
    await expectToast(page, "Session cancelled");
    const row = list.getByTestId("appointment-row").filter({ hasText: title });
    await expect(row.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: `Cancel ${title}` })).toHaveCount(0);
  });

  test("the booking form asks for a doctor, a title and a time before it books", async ({ page }) => {
    await registerPatient(page);
    await page.goto("/appointments");
    await page.getByRole("button", { name: "Book Session" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Book a session" });
    await dialog.getByRole("button", { name: "Book Session" }).click();
    await expectToast(page, "Please check the form", "Doctor, title and date/time are required.");
    await expect(dialog.getByRole("combobox", { name: "Doctor" })).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByText("Choose a doctor to see their free times.")).toBeVisible();
  });
});

test.describe("the calendar", () => {
  test("month, week and day views, with navigation; doctors get no Book Session button", async ({ page }) => {
    await signInQuietly(page, DEMO.patient);
    await page.goto("/appointments");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`${DEMO.patient.firstName}.`);

    const month = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric" });
    const now = new Date();
    await expect(page.getByRole("heading", { level: 2, name: month.format(now) })).toBeVisible();
    await page.getByRole("button", { name: "Next month" }).click();
    await expect(page.getByRole("heading", { level: 2, name: month.format(new Date(now.getFullYear(), now.getMonth() + 1, 1)) })).toBeVisible();
    await page.getByRole("button", { name: "Previous month" }).click();
    await page.getByRole("button", { name: "Previous month" }).click();
    // Alex's rated sessions of past weeks are on the calendar as completed, in words too.
    await expect(page.getByTestId("calendar-appointment").filter({ hasText: "Completed" }).first()).toBeVisible();
    await page.getByRole("button", { name: "Today" }).click();

    await page.getByRole("button", { name: "Week", exact: true }).click();
    const week = page.getByRole("list", { name: "Days of the week" });
    await expect(week.locator(":scope > li")).toHaveCount(7);
    await page.getByRole("button", { name: "Next week" }).click();
    await expect(week.locator(":scope > li")).toHaveCount(7);

    // Day by day until Alex's next session (two working days ahead).
    await page.getByRole("button", { name: "Today" }).click();
    await page.getByRole("button", { name: "Day", exact: true }).click();
    const hours = page.getByRole("list", { name: "Hours of the day" });
    for (let step = 0; step < 6 && !(await hours.isVisible()); step += 1) {
      await page.getByRole("button", { name: "Next day" }).click();
      await expect(page.getByText("Updating…")).toHaveCount(0);
      await expect(hours.or(page.getByText("Nothing booked on this day"))).toBeVisible();
    }
    await expect(hours.getByRole("button", { name: "Individual therapy" })).toBeVisible();

    await signInQuietly(page, DEMO.doctor);
    await page.goto("/appointments");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Dr. Vance.");
    await expect(page.getByRole("button", { name: "Book Session" })).toHaveCount(0);
  });

  test("a day shows two sessions, then '+N more', which opens the day", async ({ page }) => {
    test.setTimeout(90_000);
    // A fresh patient books three sessions on one day, with three doctors.
    await registerPatient(page);
    await page.goto("/appointments");
    let day = "";
    for (const [n, doctor] of ["Eleanor Vance", "Julian Okafor", "Maren Lindqvist"].entries()) {
      await page.getByRole("button", { name: "Book Session" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Book a session" });
      await chooseOption(page, dialog.getByRole("combobox", { name: "Doctor" }), new RegExp(doctor));
      await dialog.getByLabel("Title").fill(`Busy day ${n + 1}`);
      if (day) {
        await dialog.getByRole("button", { name: "Later days" }).click();
        await dialog.locator(`button[data-date="${day}"]`).click();
        await dialog
          .getByRole("group", { name: /^Free times on/ })
          .getByRole("button")
          .first()
          .click();
      } else {
        await pickFirstFreeTime(dialog, { weeksAhead: 1 });
        day = (await dialog.getByRole("group", { name: "Day", exact: true }).locator("[aria-pressed=true]").getAttribute("data-date")) ?? "";
      }
      await dialog.getByRole("button", { name: "Book Session" }).click();
      await expectToast(page, "Success", "Appointment booked successfully!");
      await expect(dialog).toBeHidden();
    }
    const cell = page.locator(`li[data-date="${day}"]`);
    if (!(await cell.isVisible())) await page.getByRole("button", { name: "Next month" }).click();
    await expect(cell.getByTestId("calendar-appointment")).toHaveCount(2);
    const more = cell.getByRole("button", { name: /^\+1 more on / });
    await expect(more).toHaveText("+1 more");
    await more.click();
    await expect(page.getByRole("button", { name: "Day", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("list", { name: "Hours of the day" }).getByTestId("appointment-row")).toHaveCount(3);
  });
});

test.describe("the calendar at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 }, contextOptions: { reducedMotion: "reduce" } });

  test("a tapped day lists its sessions in words, and the page passes axe", async ({ page }) => {
    await signInQuietly(page, DEMO.patient);
    await page.goto("/appointments");
    const days = page.getByRole("list", { name: "Days of the month" });
    const withSession = days.getByRole("button", { name: /, 1 session$/ });
    // Alex has a session every week: this month's grid always shows some.
    await expect(withSession.first()).toBeVisible();
    await withSession.first().click();
    await expect(withSession.first()).toHaveAttribute("aria-pressed", "true");
    const agenda = page.getByRole("region", { name: /^Sessions on / });
    await expect(agenda.getByRole("button", { name: "Individual therapy" })).toBeVisible();
    await expect(agenda.getByText(/^(Scheduled|Completed)$/)).toBeVisible();

    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(serious.map((violation) => violation.id)).toEqual([]);
  });
});

test.describe("the private calendar link", () => {
  test("is shown once with Copy, serves the sessions without health details, and stops working when turned off", async ({ page }) => {
    await registerPatient(page);
    await page.goto("/appointments");
    const section = page.getByRole("region", { name: "Private calendar link" });
    await expect(section.getByText("You have no calendar link at the moment.")).toBeVisible();
    await section.getByRole("button", { name: "Create private link" }).click();
    const link = section.getByRole("textbox", { name: "Calendar link" });
    await expect(link).toHaveValue(/\/api\/calendar\.ics\?token=/);
    await expect(section.getByRole("button", { name: "Copy calendar link" })).toBeVisible();
    const url = await link.inputValue();
    const feed = await page.request.get(url);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain("BEGIN:VCALENDAR");

    await section.getByRole("button", { name: "Turn off link" }).click();
    await expectToast(page, "Calendar link turned off");
    await expect(link).toHaveCount(0);
    expect((await page.request.get(url)).ok()).toBe(false);
  });
});

test.describe("times in the viewer's zone", () => {
  test.describe("in the clinic's own zone", () => {
    test.use({ timezoneId: "America/New_York" });
    test("times carry no zone label", async ({ page }) => {
      await signInQuietly(page, DEMO.patient);
      await page.goto("/dashboard/patient");
      // Alex's sessions are at 10:00 in the clinic (New York).
      const row = page.getByRole("region", { name: "Upcoming Sessions" }).getByTestId("appointment-row").first();
      await expect(row).toContainText("10:00 AM – 11:00 AM");
      await expect(row).not.toContainText("EST");
    });
  });

  test.describe("three hours west of the clinic", () => {
    test.use({ timezoneId: "America/Los_Angeles" });
    test("times are the viewer's own, labelled with their zone", async ({ page }) => {
      await signInQuietly(page, DEMO.patient);
      await page.goto("/dashboard/patient");
      const row = page.getByRole("region", { name: "Upcoming Sessions" }).getByTestId("appointment-row").first();
      await expect(row).toContainText("7:00 AM – 8:00 AM PST");
      await page.goto("/appointments");
      await expect(page.getByText("Times are shown in your time zone (PST); the clinic keeps EST.")).toBeVisible();
      // Every time the app writes says so, the account's list of signed-in devices too.
      await page.goto("/account");
      await expect(page.getByTestId("session").first()).toContainText(/Signed in .+ at \d{1,2}:\d{2} [AP]M PST/);
    });
  });
});

test.describe("round-trips", () => {
  for (const [who, user] of [
    ["a patient", DEMO.patient],
    ["a doctor", DEMO.doctor],
  ] as const) {
    test(`the appointments page makes at most 3 API round-trips on load for ${who}`, async ({ page }) => {
      await signInQuietly(page, user);
      const requests = await trpcRequestsOnLoad(page, "/appointments");
      test.info().annotations.push({ type: "round-trips", description: `${requests.length}: ${requests.join(" | ")}` });
      expect(requests.length).toBeLessThanOrEqual(3);
    });
  }
});
