// Intake and consent (issue 19), on a clinic of its own: a new patient is asked for the intake
// form and both consents before booking, signs each by typing their full name, and then books;
// when an admin publishes a new text, the patient signs the new version at their next visit; a
// doctor sees where their patient stands (Alex, of the demo, signed before the new text).
import { expect, type Page } from "@playwright/test";

import { ownClinic } from "./clinic-server";
import { registerPatient } from "./schedule-support";
import { beyondTheScreen, DEMO, seriousViolations, signInQuietly } from "./support";

const test = ownClinic();
test.use({ contextOptions: { reducedMotion: "reduce" } });

async function screenshots(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
    expect(await beyondTheScreen(page), `${name} at ${width} px`).toEqual([]);
  }
}

test("a new patient fills in the intake and signs both consents before booking, and signs a new version later", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const patient = await registerPatient(page, { intake: false });
  const fullName = `${patient.firstName} ${patient.lastName}`;

  // Booking asks for the forms first.
  await page.goto("/appointments");
  await page.getByRole("button", { name: "Book Session" }).first().click();
  const gate = page.getByRole("dialog", { name: "Before your first session" });
  await expect(gate).toContainText("two short consents");
  await gate.getByRole("link", { name: "Begin" }).click();
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

  // Now the booking form itself.
  await page.getByRole("link", { name: "Book Session" }).click();
  await page.getByRole("button", { name: "Book Session" }).first().click();
  await expect(page.getByRole("dialog", { name: "Book a session" }).getByRole("combobox", { name: "Doctor" })).toBeVisible();
  await page.keyboard.press("Escape");

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
