// The first hour of a new clinic (issue 15): the first booking opens where there is something
// to book, the cancellation window is the clinic's own, a locked-out member gets back in from
// the users list, and the team page leads to booking with a chosen clinician.
import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";

import { createAccountAsAdmin } from "./admin-support";
import { pickFirstFreeTime, registerPatient } from "./schedule-support";
import { chooseOption, DEMO, expectToast, fillLogInForm, postSignIn, signInQuietly } from "./support";

const HOUR = 3_600_000;

// Each test walks through several screens on a shared, busy machine: conditions get longer to come true.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

type Slots = { slots: { startTime: string }[] };

async function freeStarts(request: APIRequestContext, doctorId: number, date: string): Promise<string[]> {
  const response = await request.get(`/api/doctors/${doctorId}/slots?date=${date}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as Slots).slots.map((slot) => slot.startTime);
}

async function doctorIdOf(request: APIRequestContext, lastName: string): Promise<number> {
  const clinic = (await (await request.get("/api/clinic")).json()) as { clinicians: { id: number; lastName: string }[] };
  const doctor = clinic.clinicians.find((clinician) => clinician.lastName === lastName);
  if (!doctor) throw new Error(`no clinician called ${lastName}`);
  return doctor.id;
}

/** The browser's calendar days from today up to `last` (YYYY-MM-DD), as the picker counts them. */
async function daysUntil(page: Page, last: string): Promise<string[]> {
  return page.evaluate((end) => {
    const days: string[] = [];
    const date = new Date();
    for (;;) {
      const key = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
      days.push(key);
      if (key >= end) return days;
      date.setDate(date.getDate() + 1);
    }
  }, last);
}

test.describe("the first booking", () => {
  test("the picker opens on the first day with a free time, titled 'Therapy session'", async ({ page }) => {
    await registerPatient(page);
    await page.goto("/appointments");
    await page.getByRole("button", { name: "Book Session" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Book a session" });
    await expect(dialog.getByLabel("Title")).toHaveValue("Therapy session");
    await chooseOption(page, dialog.getByRole("combobox", { name: "Doctor" }), /Dr\. Eleanor Vance/);

    // Free times show at once, without choosing a day.
    const times = dialog.getByRole("group", { name: /^Free times on/ }).getByRole("button");
    await expect(times.first()).toBeVisible();
    const opened = await dialog.getByRole("group", { name: "Day", exact: true }).locator("[aria-pressed=true]").getAttribute("data-date");
    expect(opened).toBeTruthy();

    // It is the first such day: every day before it has no free time.
    const vance = await doctorIdOf(page.request, "Vance");
    const days = await daysUntil(page, opened!);
    expect((await freeStarts(page.request, vance, opened!)).length).toBeGreaterThan(0);
    for (const day of days.slice(0, -1)) expect(await freeStarts(page.request, vance, day), day).toEqual([]);

    // The title is the patient's to change, and the booking goes through.
    await dialog.getByLabel("Title").fill("First conversation");
    await times.first().click();
    await dialog.getByRole("button", { name: "Book Session" }).click();
    await expectToast(page, "Success", "Appointment booked successfully!");
  });
});

test.describe("the cancellation window", () => {
  test("follows the clinic's settings in the policy line, the pencil and the late-cancel warning", async ({ page, browser }) => {
    const admin = await browser.newContext();
    const adminRequest = admin.request;
    expect((await postSignIn(adminRequest, DEMO.admin)).status()).toBe(200);
    const before = await (await adminRequest.get("/api/admin/settings")).json();
    const windowHours = 120;
    try {
      expect((await adminRequest.put("/api/admin/settings", { data: { ...before, cancellationWindowHours: windowHours } })).status()).toBe(200);

      // A fresh patient books a session a day or more ahead, but inside the clinic's window.
      await registerPatient(page);
      const vance = await doctorIdOf(page.request, "Vance");
      const now = Date.now();
      let start: string | undefined;
      for (const day of await daysUntil(page, new Date(now + 5 * 24 * HOUR).toISOString().slice(0, 10))) {
        start = (await freeStarts(page.request, vance, day)).find((at) => Date.parse(at) - now > 25 * HOUR && Date.parse(at) - now < (windowHours - 2) * HOUR);
        if (start) break;
      }
      expect(start, "a free hour inside the window").toBeTruthy();
      const title = `Inside the window ${Date.now().toString(36)}`;
      const booked = await page.request.post("/api/appointments", { data: { doctorId: vance, title, startTime: start } });
      expect(booked.status(), await booked.text()).toBe(200);

      await page.goto("/dashboard/patient");
      await expect(page.getByTestId("reschedule-policy")).toHaveText(
        `Sessions can be moved online until ${windowHours} hours before they begin, and cancelled at any time; a cancellation after that is recorded as late.`,
      );

      await page.goto("/appointments");
      const upcoming = page.getByRole("region", { name: "Upcoming Sessions" });
      await expect(upcoming.getByRole("button", { name: `Cancel ${title}` })).toBeVisible();
      await expect(upcoming.getByRole("button", { name: `Reschedule ${title}` })).toHaveCount(0);
      await upcoming.getByRole("button", { name: `Cancel ${title}` }).click();
      await expect(page.getByRole("dialog")).toContainText(`This session begins in less than ${windowHours} hours`);
      await page.getByRole("button", { name: "Keep session" }).click();

      // Booking another: a time inside the window is said to be one before it is booked; a later one is not.
      await page.getByRole("button", { name: "Book Session" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Book a session" });
      await chooseOption(page, dialog.getByRole("combobox", { name: "Doctor" }), /Dr\. Eleanor Vance/);
      const insideNote = dialog.getByRole("note").filter({ hasText: `This time is less than ${windowHours} hours away` });
      await dialog
        .getByRole("group", { name: /^Free times on/ })
        .getByRole("button")
        .first()
        .click();
      await expect(insideNote).toBeVisible();
      // Below the times, it comes into view, clear of the buttons that stay at the dialog's foot.
      await expect(insideNote).toBeInViewport({ ratio: 1 });
      const note = (await insideNote.boundingBox())!;
      const seen = await page.evaluate(
        ([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest('[role="note"]')),
        [note.x + note.width / 2, note.y + note.height - 4],
      );
      expect(seen, "the note's last line is not under the buttons").toBe(true);
      await pickFirstFreeTime(dialog, { weeksAhead: 2 });
      await expect(insideNote).toHaveCount(0);
    } finally {
      expect((await adminRequest.put("/api/admin/settings", { data: before })).status()).toBe(200);
      await admin.close();
    }
  });
});

test.describe("password recovery", () => {
  test("an admin issues a new one-time password from the user's row; the member's sessions end and they choose their own", async ({
    page,
    browser,
    request,
  }) => {
    const account = await createAccountAsAdmin(request, "patient");
    // The member has a password of their own and is signed in elsewhere…
    const member = await browser.newContext();
    const memberPage = await member.newPage();
    expect((await postSignIn(member.request, { username: account.username, password: account.oneTimePassword })).status()).toBe(200);
    const forgotten = "a lantern left in the hall";
    expect((await member.request.post("/api/user/password", { data: { newPassword: forgotten } })).status()).toBe(200);
    expect((await member.request.get("/api/user")).status()).toBe(200);

    // …and forgets it. The admin issues a new one from their row.
    await signInQuietly(page, DEMO.admin);
    await page.goto(`/admin/users?q=${account.username}`);
    await page.getByRole("button", { name: `New password for ${account.firstName} ${account.lastName}` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("signed out everywhere");
    await dialog.getByRole("button", { name: "Issue one-time password" }).click();
    const oneTimePassword = await dialog.getByLabel("One-time password").inputValue();
    expect(oneTimePassword).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId("user-row").filter({ hasText: account.username })).toContainText("On a one-time password");

    // Every session of theirs has ended, and the old password no longer opens the account.
    expect((await member.request.get("/api/user")).status()).toBe(401);
    expect((await postSignIn(member.request, { username: account.username, password: forgotten })).status()).toBe(401);

    // They sign in with it and choose their own, typing only the new one.
    await memberPage.goto("/auth");
    await fillLogInForm(memberPage, { username: account.username, password: oneTimePassword });
    await memberPage.getByRole("button", { name: "Log In" }).click();
    await expect(memberPage.getByRole("heading", { level: 1, name: "Choose your own password" })).toBeVisible();
    await expect(memberPage.getByLabel("One-time password")).toHaveCount(0);
    await memberPage.getByLabel("New password", { exact: true }).fill("morning tide over the pier");
    await memberPage.getByLabel("Confirm new password").fill("morning tide over the pier");
    await memberPage.getByRole("button", { name: "Save my password" }).click();
    await expectToast(memberPage, "Your password is set");
    await expect(memberPage).toHaveURL(/\/dashboard\/patient$/);
    await member.close();

    // The admin's act is in the system log.
    await page.goto("/admin/logs");
    await expect(page.getByTestId("log-row").filter({ hasText: "reset the password of" }).first()).toBeVisible();
  });

  test("the sign-in page explains how to get a new password from the clinic", async ({ page }) => {
    await page.goto("/auth");
    const forgot = page.getByRole("button", { name: "Forgot password?" });
    await expect(forgot).toHaveAttribute("aria-expanded", "false");
    await forgot.click();
    await expect(forgot).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(/one-time password that works for 72 hours/)).toBeVisible();
  });
});

test.describe("the team page", () => {
  test("presents the bookable clinicians; Book with Dr. … signs a visitor in, then opens booking with that doctor", async ({ page }) => {
    await page.goto("/team");
    const clinicians = page.getByRole("region", { name: "The doctors you can see" });
    await expect(clinicians.getByRole("heading", { name: "Dr. Eleanor Vance" })).toBeVisible();
    await clinicians.getByRole("link", { name: "Book with Dr. Okafor" }).click();
    await expect(page).toHaveURL(/\/auth\?next=%2Fappointments%3Fbook%3D\d+$/);
    await fillLogInForm(page, DEMO.patient);
    await page.getByRole("button", { name: "Log In" }).click();
    const dialog = page.getByRole("dialog", { name: "Book a session" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/appointments\?book=\d+$/);
    await expect(dialog.getByRole("combobox", { name: "Doctor" })).toContainText("Dr. Julian Okafor");
    await expect(dialog.getByRole("group", { name: /^Free times on/ }).or(dialog.getByText("No free times on this day."))).toBeVisible();
  });

  test("a signed-in patient goes straight to booking", async ({ page }) => {
    await signInQuietly(page, DEMO.patient);
    await page.goto("/team");
    await page.getByRole("link", { name: "Book with Dr. Lindqvist" }).click();
    await expect(page.getByRole("dialog", { name: "Book a session" }).getByRole("combobox", { name: "Doctor" })).toContainText("Dr. Maren Lindqvist");
  });
});

test.describe("words for the reader", () => {
  test("a doctor reads about the patient; the chat names a doctor Dr. Vance; 'HIPAA compliant' says what it means", async ({ page, browser }) => {
    await signInQuietly(page, DEMO.doctor);
    await page.goto("/patients");
    await page.getByRole("link", { name: /Alex Morgan/ }).click();
    const insights = page.getByRole("list", { name: "Insights" });
    await expect(insights).toContainText("Alex's session ratings have risen");
    await expect(insights).not.toContainText(/\byour\b/i);
    // Messages greets the doctor as the dashboard does.
    await page.goto("/messages");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Good (morning|afternoon|evening), Dr\. Vance\.$/);

    const patient = await browser.newContext();
    const patientPage = await patient.newPage();
    await signInQuietly(patientPage, DEMO.patient);
    await patientPage.goto("/messages");
    await patientPage.getByTestId("conversation").filter({ hasText: "Eleanor Vance" }).click();
    await expect(patientPage.getByRole("heading", { level: 2, name: "Dr. Eleanor Vance" })).toBeVisible();
    await expect(patientPage.getByRole("form", { name: "Write to Dr. Vance" })).toBeVisible();
    await patientPage.getByRole("link", { name: /HIPAA compliant/ }).click();
    await expect(patientPage.getByRole("heading", { level: 1 })).toHaveText('What "HIPAA compliant" means for Halcyon');
    await expect(patientPage.getByRole("heading", { level: 2, name: "Transmission security (164.312(e))" })).toBeVisible();
    await patient.close();
  });
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("every admin tab is on screen, none clipped", async ({ page }) => {
    await signInQuietly(page, DEMO.admin);
    await page.goto("/admin/users");
    const tabs = page.getByRole("navigation", { name: "Administration" }).getByRole("link");
    await expect(tabs).toHaveCount(8);
    for (const tab of await tabs.all()) {
      const box = await tab.boundingBox();
      expect(box, (await tab.textContent()) ?? "").not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }
  });
});

test.describe("the Content Security Policy", () => {
  test("pages that validate forms and data break none of its rules (Lighthouse's best practices count each one)", async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { cspViolations: string[] }).cspViolations = [];
      document.addEventListener("securitypolicyviolation", (event) =>
        (window as unknown as { cspViolations: string[] }).cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    await signInQuietly(page, DEMO.patient);
    for (const path of ["/dashboard/patient", "/appointments", "/account"]) {
      await page.goto(path);
      await baseExpect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    // The auth form validates with the same schemas as the server.
    await page.request.post("/api/logout");
    await page.goto("/auth");
    await page.getByRole("button", { name: "Log In" }).click();
    await expectToast(page, "Please check the form", "Username and password are required");
    baseExpect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
});
