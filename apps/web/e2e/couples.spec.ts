import { expect, type Browser } from "@playwright/test";

import { ownClinic } from "./clinic-server";
import { noticeLinkFor } from "./notice-links";
import { completeIntake, pickFirstFreeTime } from "./schedule-support";
import { chooseOption, expectToast, newPatient, screenshotsAt, seriousViolations } from "./support";

// Issue 36, part 1: a patient books a couples session naming their partner's address; the partner,
// signed in with that address verified, finds the invitation on Appointments and joins; both then
// see the session with each other's name. On a clinic of its own: its outbox holds the address
// verification links, and its accounts and bookings meet no other test's.

const test = ownClinic();
test.use({ contextOptions: { reducedMotion: "reduce" } });

/** A patient on a browser context of their own, with their address verified by the link the clinic sent to it. */
async function aVerifiedPatient(browser: Browser, baseURL: string, dataDir: string, firstName: string) {
  const context = await browser.newContext({ baseURL, reducedMotion: "reduce" });
  const page = await context.newPage();
  const patient = { ...newPatient(), firstName };
  const registered = await page.request.post("/api/register", { data: { ...patient, role: "patient" } });
  expect(registered.status(), await registered.text()).toBe(200);
  await completeIntake(page, `${patient.firstName} ${patient.lastName}`);
  await page.goto(noticeLinkFor(dataDir, patient.username, "email_verification"));
  await expect(page.getByRole("heading", { level: 1, name: "Your email address is confirmed" })).toBeVisible();
  return { page, patient, context };
}

test("a couple books together: the partner joins from the invitation, and both see the session", async ({ browser, baseURL, clinic }) => {
  test.setTimeout(120_000);
  const booker = await aVerifiedPatient(browser, baseURL!, clinic.dataDir, "Alex");
  const partner = await aVerifiedPatient(browser, baseURL!, clinic.dataDir, "Sam");
  const title = `Together ${Date.now().toString(36)}`;

  const { page } = booker;
  await page.goto("/appointments");
  await page.getByRole("button", { name: "Book Session" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Book a session" });
  await chooseOption(page, dialog.getByRole("combobox", { name: "Doctor" }), /Dr\. Eleanor Vance/);
  await chooseOption(page, dialog.getByRole("combobox", { name: "Service" }), /Couples Therapy/);
  // A couple books one session at a time: no repeating.
  await expect(dialog.getByRole("combobox", { name: "Repeat" })).toHaveCount(0);
  await dialog.getByLabel("Title").fill(title);
  await pickFirstFreeTime(dialog, { weeksAhead: 12 });
  // Without the partner's address the form says what is missing, and books nothing.
  await dialog.getByRole("button", { name: "Book Session" }).click();
  await expect(dialog.getByText("Enter your partner's email address: they accept the invitation in the app.")).toBeVisible();
  await dialog.getByLabel("Your partner").fill(partner.patient.email!);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshotsAt(page, "couples-booking", { fullPage: false });
  await dialog.getByRole("button", { name: "Book Session" }).click();
  await expectToast(page, "Success");
  const row = page.getByTestId("appointment-row").filter({ hasText: title }).first();
  await expect(row).toContainText(`Invitation sent to ${partner.patient.email!.toLowerCase()}`);

  // The partner finds the invitation on Appointments, and joins.
  await partner.page.goto("/appointments");
  const invitation = partner.page.getByTestId("party-invitation");
  // Before it is accepted it says no more than its email did: who asked, by first name, and when (never the title they wrote).
  await expect(invitation).toContainText("Alex asked you to join them");
  await expect(invitation).not.toContainText(title);
  expect(await seriousViolations(partner.page)).toEqual([]);
  await screenshotsAt(partner.page, "couples-invitation");
  await invitation.getByRole("button", { name: /^Join the session/ }).click();
  await expectToast(partner.page, "Joined");
  await expect(invitation).toHaveCount(0);
  await expect(partner.page.getByTestId("appointment-row").filter({ hasText: title }).first()).toContainText(
    `Dr. Eleanor Vance, with Alex ${booker.patient.lastName}`,
  );

  // The one who booked sees their partner in it (the page follows the change without a reload).
  await expect(row).toContainText(`Dr. Eleanor Vance, with Sam ${partner.patient.lastName}`);
  await expect(row).not.toContainText("Invitation sent");
  await screenshotsAt(page, "couples-booked");
  await booker.context.close();
  await partner.context.close();
});
