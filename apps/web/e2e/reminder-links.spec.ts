// Issue 34: a reminder's two links, from the email to what they do. The links are signed here, in
// the test process, with the server's own secrets key (given to it as SECRETS_KEY), exactly as the
// outbox's worker signs them when it sends a reminder.
import { createHmac, randomBytes } from "node:crypto";

import { expect, type APIRequestContext, type Page } from "@playwright/test";

import { createServerSecrets } from "../../../packages/domain/src/secrets";
import { ownClinic } from "./clinic-server";
import { DEMO, expectToast, fillLogInForm, postSignIn, seriousViolations } from "./support";

const SECRETS_KEY = randomBytes(32);
const test = ownClinic({ env: { SECRETS_KEY: SECRETS_KEY.toString("hex") } });
// Dialogs open without their fade, so the axe scans judge the settled page, not a frame of an animation.
test.use({ contextOptions: { reducedMotion: "reduce" } });
test.describe.configure({ timeout: 180_000 });

type Purpose = "confirm_appointment" | "manage_appointment";
type Booked = { id: number; startTime: string };

/** A reminder link as signed-links.ts makes it: claims, then their HMAC under the key derived for notice links. */
function reminderLink(purpose: Purpose, userId: number, appointment: Booked): string {
  const claims = { purpose, userId, targetId: appointment.id, expiresAt: appointment.startTime, singleUse: true, id: randomBytes(16).toString("base64url") };
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  const mac = createHmac("sha256", createServerSecrets(SECRETS_KEY).keyFor("notice-links")).update(payload).digest("base64url");
  const path = purpose === "confirm_appointment" ? "/appointments/confirm" : "/appointments/manage";
  return `${path}?token=${payload}.${mac}`;
}

/** A weekday `days` from now, as YYYY-MM-DD. */
function weekdayAhead(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** Alex books the first free hour of Dr. Vance's on each of these days: the sessions his reminders are about. */
async function alexBooks(api: APIRequestContext, daysAhead: number[]): Promise<{ alexId: number; sessions: Booked[] }> {
  const signedIn = await postSignIn(api, DEMO.patient);
  expect(signedIn.status()).toBe(200);
  const alexId = (await signedIn.json()).id as number;
  const doctors = (await (await api.get("/api/doctors")).json()) as { id: number; lastName: string }[];
  const vance = doctors.find((doctor) => doctor.lastName === "Vance")!;
  const sessions: Booked[] = [];
  for (const days of daysAhead) {
    const { slots } = (await (await api.get(`/api/doctors/${vance.id}/slots?date=${weekdayAhead(days)}`)).json()) as { slots: { startTime: string }[] };
    const booked = await api.post("/api/appointments", { data: { doctorId: vance.id, title: "Check-in", startTime: slots[0]!.startTime } });
    expect(booked.status(), await booked.text()).toBe(200);
    sessions.push(await booked.json());
  }
  return { alexId, sessions };
}

/** The page at phone and desktop widths, for a person to look at (test-results/screenshots/), then back to desktop. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
}

async function expectNoSeriousViolations(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

test("Confirm works once without signing in, and the doctor sees who confirmed", async ({ page, playwright, clinic }) => {
  const api = await playwright.request.newContext({ baseURL: clinic.baseURL });
  const { alexId, sessions } = await alexBooks(api, [8]);
  const link = reminderLink("confirm_appointment", alexId, sessions[0]!);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Will you be there?" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Yes, I will be there" }).click();
  await expect(page.getByRole("heading", { name: "Thank you, we will see you then." })).toBeVisible();
  await expectNoSeriousViolations(page);
  await screenshots(page, "appointment-confirmed");

  // The same link again: used already.
  await page.goto(link);
  await page.getByRole("button", { name: "Yes, I will be there" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This link has been used already." })).toBeVisible();

  // Dr. Vance's list says the session is confirmed.
  const signedIn = await postSignIn(page.request, DEMO.doctor);
  expect(signedIn.status()).toBe(200);
  await page.goto("/appointments");
  await expect(page.locator(`[data-appointment-id="${sessions[0]!.id}"]`).filter({ hasText: "Confirmed" }).first()).toBeVisible();
  await api.dispose();
});

test("Cancel or reschedule signs in, opens the session, cancels it; inside the window it says the cancellation is late first", async ({
  page,
  playwright,
  clinic,
}) => {
  const api = await playwright.request.newContext({ baseURL: clinic.baseURL });
  const { alexId, sessions } = await alexBooks(api, [9, 10]);
  const [onTime, late] = sessions as [Booked, Booked];

  // Signed out: the link asks for sign-in, then comes back and opens the session.
  await page.goto(reminderLink("manage_appointment", alexId, onTime));
  await expect(page).toHaveURL(/\/auth\?next=/);
  await fillLogInForm(page, DEMO.patient);
  await page.getByRole("button", { name: "Log In" }).click();
  const details = page.getByRole("dialog");
  await expect(details.getByRole("button", { name: "Cancel session" })).toBeVisible();
  await expect(page).toHaveURL(/\/appointments$/);
  await expectNoSeriousViolations(page);
  await details.getByRole("button", { name: "Cancel session" }).click();
  await expect(details.getByText("The hour will be released for someone else.")).toBeVisible();
  await details.getByRole("button", { name: "Cancel session" }).click();
  await expectToast(page, "Session cancelled");

  // Someone else's link opens nothing for Alex.
  const admin = await playwright.request.newContext({ baseURL: clinic.baseURL });
  const adminSignIn = await postSignIn(admin, DEMO.admin);
  const adminId = (await adminSignIn.json()).id as number;
  await page.goto(reminderLink("manage_appointment", adminId, late));
  await expect(page.getByRole("alert").filter({ hasText: "This link was sent to someone else" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await screenshots(page, "appointment-link-refused");

  // The clinic's window now reaches past the session: cancelling it is late, and the form says so before it is done.
  const settings = await (await admin.get("/api/admin/settings")).json();
  expect((await admin.put("/api/admin/settings", { data: { ...settings, cancellationWindowHours: 336 } })).status()).toBe(200);
  await page.goto(reminderLink("manage_appointment", alexId, late));
  await details.getByRole("button", { name: "Cancel session" }).click();
  await expect(details.getByRole("note")).toContainText("late cancellation");
  await expectNoSeriousViolations(page);
  await details.getByRole("button", { name: "Cancel late" }).click();
  await expectToast(page, "Session cancelled", "recorded as a late cancellation");
  expect((await admin.put("/api/admin/settings", { data: settings })).status()).toBe(200);
  await admin.dispose();
  await api.dispose();
});
