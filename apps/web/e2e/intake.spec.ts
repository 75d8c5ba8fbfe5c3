// Intake and consent (issues 19 and 36), on a clinic of its own: a new patient books first (the
// booking never waits for the forms); the intake and both consents are then due before the first
// session: their appointments and dashboard say so, their doctor's lists mark the session "Forms
// not finished", and the video room asks for the telehealth consent instead of letting them join.
// They sign each form by typing their full name; when an admin publishes a new text, the patient
// signs the new version at their next visit; a doctor sees where their patient stands (Alex, of
// the demo, signed before the new text).
import { expect, type Page } from "@playwright/test";

import { ownClinic } from "./clinic-server";
import { pickFirstFreeTime, registerPatient } from "./schedule-support";
import { beyondTheScreen, chooseOption, DEMO, expectToast, seriousViolations, signInQuietly } from "./support";
import { signedInPage, startInstantVisit } from "./visit-support";

const test = ownClinic();
test.use({ contextOptions: { reducedMotion: "reduce" } });

async function screenshots(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
    expect(await beyondTheScreen(page), `${name} at ${width} px`).toEqual([]);
  }
}

test("a new patient books first, is then asked for the intake and both consents, and signs a new version later", async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const patient = await registerPatient(page, { intake: false });
  const fullName = `${patient.firstName} ${patient.lastName}`;
  const title = `First session ${Date.now().toString(36)}`;

  // The booking form opens at once: no forms stand before the hour they came for.
  await page.goto("/appointments");
  await page.getByRole("button", { name: "Book Session" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Book a session" });
  await chooseOption(page, dialog.getByRole("combobox", { name: "Doctor" }), /Dr\. Eleanor Vance/);
  await dialog.getByLabel("Title").fill(title);
  await pickFirstFreeTime(dialog, { weeksAhead: 1 });
  await dialog.getByRole("button", { name: "Book Session" }).click();
  await expectToast(page, "Success", "Appointment booked successfully!");
  await expect(dialog).toBeHidden();

  // Then the forms are due before that session: the appointment says so, with the way to them.
  const upcoming = page.getByRole("list", { name: "Upcoming sessions" });
  const row = upcoming.getByTestId("appointment-row").filter({ hasText: title });
  await expect(row).toContainText("Your intake and consents are due before this session.");
  await expect(row.getByText("Forms not finished")).toHaveCount(0);
  await row.scrollIntoViewIfNeeded();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "appointments-forms-due");
  await page.goto("/dashboard/patient");
  await expect(page.getByTestId("intake-banner")).toContainText("Before your first session");
  await expect(page.getByRole("region", { name: "Upcoming Sessions" }).getByTestId("appointment-row").filter({ hasText: title })).toContainText(
    "Your intake and consents are due before this session.",
  );

  // The doctor's lists mark the session, from the server's own word on it.
  const vance = await signedInPage(browser, baseURL!, DEMO.doctor);
  await vance.goto("/appointments");
  const doctorsRow = vance.getByRole("list", { name: "Upcoming sessions" }).getByTestId("appointment-row").filter({ hasText: title });
  await expect(doctorsRow.getByText("Forms not finished")).toBeVisible();
  await expect(doctorsRow).not.toContainText("due before this session");
  await doctorsRow.scrollIntoViewIfNeeded();
  expect(await seriousViolations(vance)).toEqual([]);
  await screenshots(vance, "doctor-forms-not-finished");

  // The video room asks for the telehealth consent instead of offering to join (the server refuses the join too).
  const visitId = await startInstantVisit(vance, page);
  await page.goto(`/visits/${visitId}`);
  const consentFirst = page.getByRole("heading", { level: 2, name: "One consent to sign before you join" });
  await expect(consentFirst).toBeVisible();
  await expect(page.getByText("please sign the telehealth consent")).toBeVisible();
  await expect(page.getByRole("button", { name: /Join/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "visit-consent-first");
  await page.getByRole("link", { name: "Read and sign the telehealth consent" }).click();
  await expect(page).toHaveURL(/\/intake$/);
  await expect(page.getByRole("heading", { level: 1, name: "A few things first" })).toBeVisible();

  // The intake form: the server names what is missing or wrong.
  const about = page.getByRole("form", { name: "About you" });
  await about.getByLabel("Current medications").fill("None");
  await about.getByRole("button", { name: "Save and continue" }).click();
  await expect(about.getByText("Fill in the reason for seeking care")).toBeVisible();
  await expect(about.getByLabel("What brings you to Halcyon?")).toBeFocused();
  await about.getByLabel("What brings you to Halcyon?").fill("Anxious most mornings since a change of job.");
  await about.getByLabel("Name").fill("Robin Quinn");
  await about.getByLabel("Phone").fill("call me");
  await about.getByRole("button", { name: "Save and continue" }).click();
  await expect(about.getByText("Give the emergency contact's phone number, like (555) 123-4567")).toBeVisible();
  await about.getByLabel("Phone").fill("(555) 010-2030");
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "intake-form");
  await about.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByText("Your intake form is with the clinic.")).toBeVisible();

  // Each consent: read, then sign by typing one's full name as on the account.
  const treatment = page.getByRole("region", { name: "Consent to treatment" });
  await expect(treatment.getByRole("document", { name: "Consent to treatment, version 1" })).toContainText("I consent to receive psychotherapy");
  await treatment.getByLabel("Type your full name to sign").fill("Somebody Else");
  await treatment.getByRole("button", { name: "Sign" }).click();
  await expect(treatment.getByText(`To sign, type your full name as it is on your account: ${fullName}.`)).toBeVisible();
  await treatment.getByLabel("Type your full name to sign").fill(fullName);
  await treatment.getByRole("button", { name: "Sign" }).click();
  await expect(treatment.getByText(`Signed as “${fullName}”`)).toBeVisible();
  const telehealth = page.getByRole("region", { name: "Telehealth consent" });
  await telehealth.getByLabel("Type your full name to sign").fill(fullName.toLowerCase());
  await telehealth.getByRole("button", { name: "Sign" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You are all set" })).toBeVisible();
  await expect(page.getByText("Intake and consents", { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/^Intake and consents/);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "intake-done");

  // Done: the room lets them in, and neither list marks the session any more.
  await page.goto(`/visits/${visitId}`);
  await expect(page.getByLabel("Camera", { exact: true })).toBeVisible();
  await expect(consentFirst).toHaveCount(0);
  await page.goto("/appointments");
  await expect(row.getByRole("button", { name: title, exact: true })).toBeVisible();
  await expect(row).not.toContainText("due before this session");
  await vance.reload();
  await expect(doctorsRow.getByRole("button", { name: title, exact: true })).toBeVisible();
  await expect(doctorsRow.getByText("Forms not finished")).toHaveCount(0);
  await vance.context().close();

  // An admin publishes a new text of the consent to treatment.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signInQuietly(admin, DEMO.admin);
  await admin.goto("/admin/settings");
  const editor = admin.getByRole("form", { name: "Consent to treatment" });
  await editor
    .getByLabel("Consent to treatment")
    .fill("I consent to psychotherapy with this practice, and I understand that sessions cancelled with less than a day's notice may be charged.");
  await editor.getByRole("button", { name: "Publish as a new version" }).click();
  await expect(editor.getByText(/^Version 2, in use since/)).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);
  await editor.scrollIntoViewIfNeeded();
  await screenshots(admin, "settings-consents");
  await adminContext.close();

  // At the patient's next visit: the dashboard asks, and the new version is signed.
  await page.goto("/dashboard/patient");
  const banner = page.getByTestId("intake-banner");
  await expect(banner).toContainText("An updated consent to sign");
  await banner.getByRole("link", { name: "Read and sign" }).click();
  await expect(treatment.getByText("The clinic has updated this consent since you signed version 1.")).toBeVisible();
  await expect(treatment.getByRole("document", { name: "Consent to treatment, version 2" })).toContainText("less than a day's notice");
  await treatment.getByLabel("Type your full name to sign").fill(fullName);
  await treatment.getByRole("button", { name: "Sign" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You are all set" })).toBeVisible();

  // A doctor sees where their patient stands: Alex signed both forms, before the new text.
  const doctorContext = await browser.newContext({ baseURL });
  const doctor = await doctorContext.newPage();
  await signInQuietly(doctor, DEMO.doctor);
  const patients = (await (await doctor.request.get("/api/patients")).json()) as { id: number; firstName: string }[];
  await doctor.goto(`/patients/${patients.find((candidate) => candidate.firstName === "Alex")!.id}`);
  const card = doctor.getByRole("region", { name: "Intake and consents" });
  await expect(card).toContainText("Trouble sleeping and constant worry about work.");
  await expect(card).toContainText("Robin Morgan · (555) 010-4411");
  const consents = card.getByRole("list", { name: "Consents" }).getByRole("listitem");
  await expect(consents.filter({ hasText: "Consent to treatment" })).toContainText("New version to sign");
  await expect(consents.filter({ hasText: "Consent to treatment" })).toContainText("the current text is version 2");
  await expect(consents.filter({ hasText: "Telehealth consent" })).toContainText("Signed");
  expect(await seriousViolations(doctor)).toEqual([]);
  await doctorContext.close();
});
