import { expect, type Locator, type Page } from "@playwright/test";

import { accountIdOf, createAccountAsAdmin, openInEmergency, signInAs, uniqueSuffix } from "./admin-support";
import { chooseOption, DEMO, openLandingPage, REFUSED_CROSS_SITE, refuseACrossSiteChange, signInQuietly } from "./support";

/**
 * Every screen of the foundation, with how to reach it, for the accessibility scan and the
 * screenshots. `open` returns once the screen shows its heading, not a loading state.
 */
export type Screen = { name: string; open: (page: Page) => Promise<void> };

async function settled(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
}

const visit = (path: string) => async (page: Page) => {
  await page.goto(path);
  await settled(page);
};

const visitAs = (user: { username: string; password: string }, path: string) => async (page: Page) => {
  await signInQuietly(page, user);
  await visit(path)(page);
};

/** A demo doctor who cares for none of the demo patients. */
const LINDQVIST = { username: "dr.lindqvist", password: DEMO.doctor.password, firstName: "Maren" } as const;

/** Back to the top after clicking around, so a full-page picture has the fixed header where it belongs. */
async function atTop(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The calendar once its new range has loaded: until then it shows the previous range dimmed. */
async function calendarSettled(page: Page): Promise<void> {
  await expect(page.getByTestId("calendar-body")).toHaveAttribute("aria-busy", "false");
}

/** An admin screen, open once the given content (not a loading state) shows. */
const visitAdmin = (path: string, ready: (page: Page) => Locator) => async (page: Page) => {
  await visitAs(DEMO.admin, path)(page);
  await expect(ready(page)).toBeVisible();
};

export const SCREENS: Screen[] = [
  { name: "landing", open: openLandingPage },
  {
    name: "team",
    open: async (page) => {
      await visit("/team")(page);
      await expect(page.getByRole("link", { name: "Book with Dr. Vance" })).toBeVisible();
    },
  },
  { name: "auth-login", open: visit("/auth") },
  {
    name: "auth-register",
    open: async (page) => {
      await visit("/auth")(page);
      await page.getByRole("button", { name: "Need an account? Create one" }).click();
      await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    },
  },
  { name: "not-found", open: visit("/no-such-room") },
  // Issue 34: a reminder's Confirm link, before its button is pressed (the link is read only then).
  { name: "confirm-appointment", open: visit("/appointments/confirm?token=from-a-reminder") },
  {
    name: "landing-signed-in",
    open: async (page) => {
      await signInQuietly(page, DEMO.patient);
      await openLandingPage(page);
    },
  },
  { name: "dashboard-patient", open: visitAs(DEMO.patient, "/dashboard/patient") },
  { name: "dashboard-doctor", open: visitAs(DEMO.doctor, "/dashboard/doctor") },
  { name: "appointments", open: visitAs(DEMO.patient, "/appointments") },
  // Issue 4: messages, once the conversations (not their loading state) show.
  {
    name: "messages",
    open: async (page) => {
      await visitAs(DEMO.patient, "/messages")(page);
      await expect(page.getByTestId("conversation").first()).toBeVisible();
    },
  },
  {
    name: "messages-conversation",
    open: async (page) => {
      await visitAs(DEMO.patient, "/messages")(page);
      await page.getByTestId("conversation").filter({ hasText: "Eleanor Vance" }).click();
      await expect(page.getByRole("log").getByTestId("message").first()).toBeVisible();
      await expect(page.getByTestId("connection-status")).toHaveText("Connected");
    },
  },
  {
    name: "messages-doctor",
    open: async (page) => {
      await visitAs(DEMO.doctor, "/messages")(page);
      await expect(page.getByTestId("conversation").first()).toBeVisible();
    },
  },
  { name: "admin", open: visitAdmin("/admin", (page) => page.getByTestId("stat-total-users")) },
  { name: "admin-home", open: visitAdmin("/", (page) => page.getByTestId("stat-total-users")) },
  // Issue 5: the administration, and the gate of accounts on a one-time password.
  { name: "admin-users", open: visitAdmin("/admin/users", (page) => page.getByTestId("user-row").first()) },
  { name: "admin-users-none", open: visitAdmin("/admin/users?q=nobody-by-this-name", (page) => page.getByText("No one matches")) },
  {
    name: "admin-change-role",
    open: async (page) => {
      // A patient never a doctor before, so the dialog asks for a specialization.
      const account = await createAccountAsAdmin(page.request, "patient");
      await visitAdmin(`/admin/users?q=${account.username}`, (p) => p.getByTestId("user-row").first())(page);
      await page.getByRole("button", { name: /^Change role/ }).click();
      await page
        .getByRole("dialog")
        .getByRole("radio", { name: /^Doctor/ })
        .check();
      await expect(page.getByRole("dialog").getByLabel("Specialization")).toBeVisible();
      await atTop(page);
    },
  },
  {
    name: "admin-deactivate",
    open: async (page) => {
      await visitAdmin("/admin/users?q=jordan", (p) => p.getByTestId("user-row").first())(page);
      await page.getByRole("button", { name: /^Deactivate/ }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await atTop(page);
    },
  },
  {
    name: "admin-new-user",
    open: async (page) => {
      await visitAdmin("/admin/users/new", (p) => p.getByRole("radio", { name: /^Doctor/ }))(page);
      await page.getByRole("radio", { name: /^Doctor/ }).check();
      await page.getByRole("switch", { name: "Own weekly hours" }).click();
      await expect(page.getByLabel("Monday, period 1, opens")).toBeVisible();
      await atTop(page);
    },
  },
  {
    name: "admin-new-user-created",
    open: async (page) => {
      await visitAdmin("/admin/users/new", (p) => p.getByLabel("First name"))(page);
      await page.getByLabel("First name").fill("Celeste");
      await page.getByLabel("Last name").fill("Marlowe");
      await page.getByLabel("Username").fill(`celeste.${uniqueSuffix()}`);
      await page.getByLabel("Phone number").fill("(555) 010-3030");
      await page.getByLabel("Date of birth").fill("1992-07-09");
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByLabel("One-time password")).toBeVisible();
      await atTop(page);
    },
  },
  { name: "admin-doctors", open: visitAdmin("/admin/doctors", (page) => page.getByText("Mon – Fri: 9 am – 5 pm").first()) },
  {
    name: "admin-doctor-edit",
    open: async (page) => {
      await visitAdmin("/admin/doctors", (p) => p.getByText("Mon – Fri: 9 am – 5 pm").first())(page);
      await page.getByRole("button", { name: "Edit Dr. Eleanor Vance" }).click();
      const own = page.getByRole("dialog").getByRole("switch", { name: "Own weekly hours" });
      if ((await own.getAttribute("aria-checked")) === "false") await own.click();
      await expect(page.getByRole("dialog").getByLabel("Monday, period 1, opens")).toBeVisible();
      await atTop(page);
    },
  },
  { name: "admin-logs", open: visitAdmin("/admin/logs", (page) => page.getByTestId("log-row").first()) },
  {
    // Issue 34: a test email, which this server (no mail server) marks not sent, saying why.
    name: "admin-delivery-log",
    open: async (page) => {
      await visitAdmin("/admin/delivery-log", (p) => p.getByRole("button", { name: "Send a test email" }))(page);
      await page.getByRole("button", { name: "Send a test email" }).click();
      await expect(page.getByTestId("notice-row").first()).toHaveAttribute("data-status", "unsent", { timeout: 30_000 });
    },
  },
  {
    name: "admin-logs-refused",
    open: async (page) => {
      await refuseACrossSiteChange(page);
      await visitAdmin("/admin/logs?action=access.denied", (page) => page.getByTestId("log-row").filter({ hasText: REFUSED_CROSS_SITE }).first())(page);
    },
  },
  { name: "admin-logs-none", open: visitAdmin("/admin/logs?from=2001-01-01&to=2001-01-02", (page) => page.getByText("No entries match")) },
  { name: "admin-settings", open: visitAdmin("/admin/settings", (page) => page.getByLabel("Idle sign-out")) },
  // Issue 35: the clinic's services with their fees and CPT codes.
  { name: "admin-services", open: visitAdmin("/admin/billing/services", (page) => page.getByTestId("service-row").first()) },
  {
    name: "change-password",
    open: async (page) => {
      const account = await createAccountAsAdmin(page.request, "patient");
      await signInAs(page, account.username, account.oneTimePassword);
      await visit("/dashboard/patient")(page);
      await expect(page.getByRole("heading", { level: 1, name: "Choose your own password" })).toBeVisible();
    },
  },
  { name: "forbidden", open: visitAs(DEMO.patient, "/admin") },
  // Issue 34: an email's unsubscribe link that cannot be used (the valid ones: e2e/notices.spec.ts).
  { name: "notices-unsubscribe-invalid", open: visit("/notices/unsubscribe?token=not-a-link") },
  {
    name: "account",
    open: async (page) => {
      await visitAs(DEMO.patient, "/account")(page);
      await expect(page.getByTestId("session").first()).toBeVisible();
    },
  },
  // Issue 3: the schedule, its dialogs, and the doctor's patients.
  { name: "appointments-doctor", open: visitAs(DEMO.doctor, "/appointments") },
  {
    name: "appointments-week",
    open: async (page) => {
      await visitAs(DEMO.patient, "/appointments")(page);
      await page.getByRole("button", { name: "Week", exact: true }).click();
      await expect(page.getByRole("list", { name: "Days of the week" })).toBeVisible();
      await calendarSettled(page);
    },
  },
  {
    name: "appointments-day",
    open: async (page) => {
      await visitAs(DEMO.doctor, "/appointments")(page);
      await page.getByRole("button", { name: "Day", exact: true }).click();
      await expect(page.getByRole("list", { name: "Hours of the day" }).or(page.getByText("Nothing booked on this day"))).toBeVisible();
      await calendarSettled(page);
    },
  },
  {
    name: "booking-dialog",
    open: async (page) => {
      await visitAs(DEMO.patient, "/dashboard/patient")(page);
      await page.getByRole("button", { name: "Book Session" }).first().click();
      await chooseOption(page, page.getByRole("combobox", { name: "Doctor" }), /Eleanor Vance/);
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("group", { name: /^Free times on/ }).or(dialog.getByText("No free times on this day."))).toBeVisible();
    },
  },
  {
    name: "add-patient-dialog",
    open: async (page) => {
      await visitAs(DEMO.doctor, "/dashboard/doctor")(page);
      await page.getByRole("button", { name: /Add New Patient/ }).click();
      await expect(page.getByRole("dialog", { name: "Add a new patient" }).getByLabel("First name")).toBeVisible();
    },
  },
  { name: "patients", open: visitAs(DEMO.doctor, "/patients") },
  {
    name: "patient-history",
    open: async (page) => {
      await visitAs(DEMO.doctor, "/patients")(page);
      await page.getByRole("link", { name: /Alex Morgan/ }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Alex Morgan" })).toBeVisible();
    },
  },
  // Issue 13: care relationships and emergency access.
  {
    name: "admin-care-team",
    open: async (page) => {
      const account = await createAccountAsAdmin(page.request, "patient");
      const name = `${account.firstName} ${account.lastName}`;
      await visitAdmin(`/admin/users?q=${account.username}`, (p) => p.getByTestId("user-row").first())(page);
      await page.getByRole("button", { name: `Care team of ${name}` }).click();
      const dialog = page.getByRole("dialog");
      await chooseOption(page, dialog.getByRole("combobox", { name: "Assign a doctor" }), /Dr\. Julian Okafor/);
      await dialog.getByRole("button", { name: "Assign" }).click();
      await dialog.getByRole("button", { name: "End care of Dr. Julian Okafor" }).click();
      await expect(dialog.getByRole("group", { name: "End Dr. Julian Okafor's care?" })).toBeVisible();
      await atTop(page);
    },
  },
  {
    name: "patient-not-in-care",
    open: async (page) => {
      const account = await createAccountAsAdmin(page.request, "patient");
      await visitAs(LINDQVIST, `/patients/${account.id}`)(page);
      await expect(page.getByRole("heading", { level: 1, name: "This patient is not in your care" })).toBeVisible();
    },
  },
  {
    name: "patient-emergency-access",
    open: async (page) => {
      const alexId = await accountIdOf(page.request, DEMO.patient.username);
      await openInEmergency(page.request, LINDQVIST.username, alexId, "Covering the crisis line tonight; Alex's own therapist cannot be reached.");
      await visitAs(LINDQVIST, `/patients/${alexId}`)(page);
      await expect(page.getByRole("note").filter({ hasText: "Emergency access until" })).toBeVisible();
    },
  },
  {
    name: "admin-emergency-review",
    open: async (page) => {
      const account = await createAccountAsAdmin(page.request, "patient");
      await openInEmergency(page.request, LINDQVIST.username, account.id, "Paged by the front desk: the patient arrived in distress before their intake.");
      await visitAdmin("/admin", (p) => p.getByTestId("emergency-review").first())(page);
    },
  },
  // Issue 15: the first hour.
  {
    name: "auth-forgot-password",
    open: async (page) => {
      await visit("/auth")(page);
      await page.getByRole("button", { name: "Forgot password?" }).click();
      await expect(page.getByText(/one-time password that works for 72 hours/)).toBeVisible();
    },
  },
  {
    name: "admin-reset-password",
    open: async (page) => {
      const account = await createAccountAsAdmin(page.request, "patient");
      await visitAdmin(`/admin/users?q=${account.username}`, (p) => p.getByTestId("user-row").first())(page);
      await page.getByRole("button", { name: `New password for ${account.firstName} ${account.lastName}` }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Issue one-time password" }).click();
      await expect(page.getByRole("dialog").getByLabel("One-time password")).toBeVisible();
    },
  },
  {
    name: "admin-sign-out-everywhere",
    open: async (page) => {
      const account = await createAccountAsAdmin(page.request, "patient");
      await visitAdmin(`/admin/users?q=${account.username}`, (p) => p.getByTestId("user-row").first())(page);
      await page.getByRole("button", { name: `Sign out everywhere for ${account.firstName} ${account.lastName}` }).click();
      await expect(page.getByRole("dialog").getByRole("button", { name: "Sign out everywhere" })).toBeVisible();
    },
  },
  {
    name: "admin-settings-time-zone",
    open: async (page) => {
      await visitAdmin("/admin/settings", (p) => p.getByLabel("Idle sign-out"))(page);
      await page.getByRole("combobox", { name: "Time zone" }).fill("america new");
      await expect(page.getByRole("option", { name: "America/New York" })).toBeVisible();
    },
  },
  { name: "hipaa", open: visit("/hipaa") },
];
