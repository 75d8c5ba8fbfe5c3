import { expect, test } from "@playwright/test";

import { clinicAtHour } from "./clinic-server";
import { pickFirstFreeTime, trpcRequestsOnLoad } from "./schedule-support";
import { chooseOption, DEMO, expectToast, signInQuietly } from "./support";

test.describe("the patient dashboard", () => {
  test("greets by first name; figures, the progress chart with its rules, upcoming sessions and recent notes", async ({ page }) => {
    await signInQuietly(page, DEMO.patient);
    await page.goto("/dashboard/patient");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`${DEMO.patient.firstName}.`);

    // Alex: six rated sessions (4, 5, 5, 6, 7, 8) and two upcoming.
    await expect(page.locator('[data-stat="Upcoming sessions"]')).toContainText("2");
    await expect(page.locator('[data-stat="Sessions complete"]')).toContainText("6");
    await expect(page.locator('[data-stat="Average rating"]')).toContainText("6/ 10");

    const chart = page.getByRole("region", { name: "Progress Over Time" });
    await expect(chart.getByTestId("progress-bar")).toHaveCount(6);
    await expect(chart.getByTestId("progress-average")).toHaveText("5.8/ 10");
    await expect(chart.getByTestId("progress-trend")).toHaveText("+4");
    const ratings = await chart.getByTestId("progress-bar").evaluateAll((bars) => bars.map((bar) => bar.getAttribute("data-rating")));
    expect(ratings).toEqual(["4", "5", "5", "6", "7", "8"]);
    // Each bar stands on the 0 line and reaches its rating on the scale (within a pixel).
    const geometry = await chart.evaluate(async (figure) => {
      const fills = [...figure.querySelectorAll<HTMLElement>('[data-testid="progress-fill"]')];
      await Promise.all(fills.flatMap((fill) => fill.getAnimations().map((animation) => animation.finished)));
      const lineY = (value: number) => {
        const box = figure.querySelector(`[data-gridline="${value}"]`)!.getBoundingClientRect();
        return box.top + box.height / 2;
      };
      const [zero, ten] = [lineY(0), lineY(10)];
      return fills.map((fill) => {
        const box = fill.getBoundingClientRect();
        const rating = Number(fill.closest("[data-rating]")!.getAttribute("data-rating"));
        return { foot: Math.abs(box.bottom - zero), top: Math.abs(box.top - (zero - ((zero - ten) * rating) / 10)) };
      });
    });
    for (const { foot, top } of geometry) {
      expect(foot).toBeLessThanOrEqual(1);
      expect(top).toBeLessThanOrEqual(1);
    }
    const insights = chart.getByRole("list", { name: "Insights" }).getByRole("listitem");
    await expect(insights).toHaveCount(2);
    await expect(insights.first()).toHaveText("Your session ratings have risen by 4 points — real, steady improvement.");
    await expect(insights.nth(1)).toContainText("6 rated sessions");

    // The tooltip: rating, date and the first 50 characters of the notes.
    await chart.getByTestId("progress-bar").first().hover();
    const tooltip = page.getByRole("tooltip");
    await expect(tooltip).toContainText("Rating 4/10");
    await expect(tooltip).toContainText("First session. Discussed sleep difficulties and wo…");

    const upcoming = page.getByRole("region", { name: "Upcoming Sessions" });
    await expect(upcoming.getByTestId("appointment-row")).toHaveCount(2);

    const activity = page.getByRole("region", { name: "Recent Activity" });
    const notes = activity.getByRole("article");
    await expect(notes).toHaveCount(3);
    await expect(notes.first()).toContainText("Consistent routine for three weeks.");
    await expect(notes.first()).toContainText("8/10");
    await expect(notes.nth(2)).toContainText("6/10");
  });

  test("a new patient sees the designed empty states; the empty state's Book Session opens the booking modal at once (the forms come after booking)", async ({
    page,
  }) => {
    const response = await page.request.post("/api/register", {
      data: {
        username: `empty.${Date.now().toString(36)}`,
        password: "lanterns over a quiet harbour",
        firstName: "Ines",
        lastName: "Calder",
        phoneNumber: "(555) 123-4567",
        dateOfBirth: "1992-03-04",
        role: "patient",
      },
    });
    expect(response.ok()).toBe(true);
    await page.goto("/dashboard/patient");
    await expect(page.getByText("No progress data available")).toBeVisible();
    await expect(page.getByText("No session notes yet")).toBeVisible();
    await page.getByRole("region", { name: "Upcoming Sessions" }).getByRole("button", { name: "Book Session" }).click();
    await expect(page.getByRole("dialog", { name: "Book a session" }).getByRole("combobox", { name: "Doctor" })).toBeVisible();
  });
});

test.describe("the doctor dashboard", () => {
  test("greets by last name; the figures, with the real unread total; quick actions lead to the patients", async ({ page }) => {
    await signInQuietly(page, DEMO.doctor);
    // "/dashboard", as people type it, is one's own.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard\/doctor$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Good (morning|afternoon|evening), Dr\. Vance\.$/);
    for (const label of ["Today's Sessions", "Active Patients", "Upcoming Sessions", "New Messages"]) {
      await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText("This week", { exact: true })).toBeVisible();
    const unread = await (await page.request.get("/api/messages/unread")).json();
    await expect(page.locator('[data-stat="New Messages"]')).toContainText(String(unread.total));

    await expect(page.getByRole("region", { name: "Today's Schedule" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Recent Patient Activity" }).getByRole("listitem").first()).toBeVisible();

    await page.getByRole("link", { name: /View Patient Progress/ }).click();
    await expect(page).toHaveURL(/\/patients$/);
    // The list itself, not the dashboard still on screen while the page's code arrives (its
    // schedule and activity name Alex too).
    await expect(page.getByRole("heading", { level: 1, name: "Your patients, Dr. Vance." })).toBeVisible();
    await page.getByRole("link", { name: /Alex Morgan/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Alex Morgan" })).toBeVisible();
    await expect(page.getByTestId("progress-bar")).toHaveCount(6);
    await expect(page.getByRole("region", { name: "Session notes" }).getByRole("article")).toHaveCount(6);
  });

  test("a doctor adds a patient, sees the one-time password once, and schedules them a session", async ({ page }) => {
    await signInQuietly(page, DEMO.doctor);
    await page.goto("/dashboard/doctor");
    const lastName = `Fairweather${Date.now().toString(36)}`;

    await page.getByRole("button", { name: /Add New Patient/ }).click();
    const add = page.getByRole("dialog", { name: "Add a new patient" });
    // The form's code arrives after the dialog opens: the focus still starts in its first field.
    await expect(add.getByLabel("First name")).toBeFocused();
    // Sent empty first: the problem is said, and taken back once the form is sent complete.
    await add.getByLabel("Email").fill("odette@");
    await add.getByRole("button", { name: "Add patient" }).click();
    await expectToast(page, "Please check the form");
    // Every field that stops it is marked and says why; the first one takes the focus.
    for (const field of ["First name", "Last name", "Phone number", "Date of birth"]) {
      await expect(add.getByLabel(field)).toHaveAttribute("aria-invalid", "true");
      await expect(add.getByLabel(field)).toHaveAccessibleDescription("Required");
    }
    await expect(add.getByLabel("Email")).toHaveAccessibleDescription("Enter a valid email address, or leave it empty");
    await expect(add.getByLabel("First name")).toBeFocused();
    await add.getByLabel("Email").fill("");
    await add.getByLabel("First name").fill("Odette");
    await add.getByLabel("Last name").fill(lastName);
    await add.getByLabel("Phone number").fill("(555) 222-1234");
    await add.getByLabel("Date of birth").fill("1988-07-09");
    await add.getByRole("button", { name: "Add patient" }).click();

    const done = page.getByRole("dialog", { name: `Odette ${lastName} is registered` });
    await expect(page.getByText("Please check the form")).toHaveCount(0);
    await expect(done.getByRole("textbox", { name: "One-time password" })).toHaveValue(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    await expect(done.getByRole("textbox", { name: "Username" })).toHaveValue(`odette.${lastName.toLowerCase()}`);
    await expect(done.getByText("This password will not be shown again.")).toBeVisible();
    await expect(done.getByRole("button", { name: "Copy one-time password" })).toBeVisible();
    await done.getByRole("button", { name: "Done" }).click();
    // Opened again, it is a blank form: the password is gone for good.
    await page.getByRole("button", { name: /Add New Patient/ }).click();
    await expect(page.getByRole("dialog", { name: "Add a new patient" }).getByLabel("First name")).toHaveValue("");
    await page.keyboard.press("Escape");

    // Schedule Appointment: one of the doctor's patients, a day and a free hour.
    await page.getByRole("button", { name: /Schedule Appointment/ }).click();
    const schedule = page.getByRole("dialog", { name: "Schedule an appointment" });
    await chooseOption(page, schedule.getByRole("combobox", { name: "Patient" }), `Odette ${lastName}`);
    // The patient's quote: the clinic's default service, and what they would agree to for it.
    await expect(schedule.getByRole("combobox", { name: "Service" })).toContainText("Individual Therapy");
    await expect(schedule.getByText("The patient agrees to $150.00 for this session.")).toBeVisible();
    await schedule.getByLabel("Title").fill("Initial consultation");
    await pickFirstFreeTime(schedule, { weeksAhead: 1 });
    await schedule.getByRole("button", { name: "Book Session" }).click();
    await expectToast(page, "Success", "Appointment booked successfully!");

    await page.goto("/patients");
    const card = page.getByRole("link", { name: new RegExp(`Odette ${lastName}`) });
    await expect(card).toBeVisible();
    await expect(card).not.toContainText("None booked");
  });
});

test.describe("round-trips on load", () => {
  for (const [name, user, path] of [
    ["patient dashboard", DEMO.patient, "/dashboard/patient"],
    ["doctor dashboard", DEMO.doctor, "/dashboard/doctor"],
  ] as const) {
    test(`the ${name} makes at most 3 API round-trips`, async ({ page }) => {
      await signInQuietly(page, user);
      const requests = await trpcRequestsOnLoad(page, path);
      test.info().annotations.push({ type: "round-trips", description: `${requests.length}: ${requests.join(" | ")}` });
      expect(requests.length).toBeLessThanOrEqual(3);
    });
  }
});

// The demo's session "today at 15:00" has begun, its video room is open, and its doctor can run it.
const afternoon = clinicAtHour(15);

afternoon.describe("running a session", () => {
  afternoon(
    "the doctor starts today's session in its video room, ends it, and writes notes with a rating; the patient's chart shows it",
    async ({ page, browser, baseURL }) => {
      await signInQuietly(page, DEMO.doctor);
      await page.goto("/dashboard/doctor");
      const schedule = page.getByRole("region", { name: "Today's Schedule" });
      const row = schedule.getByTestId("appointment-row").filter({ hasText: "Jordan Ellis" });
      await expect(row).toContainText("Initial consultation");
      await row.getByRole("button", { name: "Start session with Jordan Ellis" }).click();

      // Start opens the session's room; from the ended visit the doctor goes straight to its notes.
      await expect(page.getByRole("heading", { level: 1, name: "Session with Jordan Ellis" })).toBeVisible();
      await page.getByRole("button", { name: "Join visit" }).click();
      await expect(page.getByText("Waiting for Jordan to join.")).toBeVisible();
      await page.getByRole("button", { name: "End visit" }).click();
      await expect(page.getByRole("heading", { name: "This visit has ended" })).toBeVisible();
      await page.getByRole("button", { name: "Write session notes" }).click();

      const notes = page.getByRole("dialog", { name: "Session with Jordan Ellis" });
      await notes.getByRole("button", { name: "Save draft" }).click();
      await expect(notes.getByText("Write a few words about the session.")).toBeVisible();
      await expect(notes.getByText("Choose a rating from 1 to 10.")).toBeVisible();
      await expect(notes.getByLabel("Session notes")).toBeFocused();
      await notes.getByLabel("Session notes").fill("A warm first meeting. Jordan named work pressure and poor sleep; we agreed on a gentle evening routine.");
      await notes.getByLabel("9 out of 10").check();
      await notes.getByRole("button", { name: "Save draft" }).click();
      await expectToast(page, "Draft saved", "Jordan Ellis's session is complete");
      await expect(notes).toBeHidden();
      await expect(page.getByRole("button", { name: "Write session notes" })).toHaveCount(0);

      // Completed now: no Start any more, and the activity says so.
      await page.goto("/dashboard/doctor");
      await expect(row.getByText("Completed", { exact: true })).toBeVisible();
      await expect(row.getByRole("button", { name: /Start session/ })).toHaveCount(0);
      await expect(page.getByRole("region", { name: "Recent Patient Activity" })).toContainText("Session notes written for Jordan Ellis");

      // Jordan's own dashboard: the chart and the recent activity moved.
      const jordan = await browser.newContext({ baseURL });
      const jordanPage = await jordan.newPage();
      await signInQuietly(jordanPage, { username: "jordan", password: DEMO.patient.password });
      await jordanPage.goto("/dashboard/patient");
      const chart = jordanPage.getByRole("region", { name: "Progress Over Time" });
      await expect(chart.getByTestId("progress-bar")).toHaveCount(1);
      await expect(chart.getByTestId("progress-bar")).toHaveAttribute("data-rating", "9");
      await expect(chart.getByTestId("progress-average")).toHaveText("9.0/ 10");
      await expect(chart.getByText("Excellent progress")).toBeVisible();
      const recent = jordanPage.getByRole("region", { name: "Recent Activity" }).getByRole("article");
      await expect(recent).toHaveCount(1);
      await expect(recent).toContainText("A warm first meeting.");
      await expect(recent).toContainText("9/10");
      await jordan.close();
    },
  );
});
