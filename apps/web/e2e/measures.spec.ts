// Outcome measures and the safety alert (issue 19), on a clinic of its own: a doctor asks their
// patient for the PHQ-9; the patient completes it on the dashboard's prompt, answering item 9 above
// 0, and sees the clinic's crisis resources at once, while the doctor's dashboard shows "Needs
// attention" live; the doctor acknowledges it with a note, and reads the trend with its table.
import { expect } from "@playwright/test";

import { ownClinic } from "./clinic-server";
import { memberBrowser } from "./messaging-support";
import { registerPatient } from "./schedule-support";
import { DEMO, expectToast, seriousViolations } from "./support";

const test = ownClinic();
test.use({ contextOptions: { reducedMotion: "reduce" } });

test("a PHQ-9 with item 9 above 0: crisis resources for the patient at once, a live alert for the doctor until acknowledged", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const doctor = await memberBrowser(browser, DEMO.doctor, { baseURL });
  const patient = await memberBrowser(browser, DEMO.patient, { baseURL });

  // The doctor asks Alex for the PHQ-9, once, from Alex's record.
  await doctor.page.goto(`/patients/${patient.id}`);
  await doctor.page.getByRole("button", { name: "Ask for a questionnaire" }).click();
  await doctor.page.getByRole("menuitem", { name: "PHQ-9, once" }).click();
  await expectToast(doctor.page, "Questionnaire requested");
  await doctor.page.goto("/dashboard/doctor");
  await expect(doctor.page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(doctor.page.getByRole("region", { name: "Needs attention" })).toHaveCount(0);

  // Alex's dashboard asks for it; the questionnaire is a tap per item.
  await patient.page.goto("/dashboard/patient");
  await patient.page.getByRole("link", { name: "Begin the PHQ-9" }).click();
  await expect(patient.page.getByRole("heading", { level: 1, name: "PHQ-9" })).toBeVisible();
  await expect(patient.page).toHaveTitle(/^PHQ-9 · /);
  expect(await seriousViolations(patient.page)).toEqual([]);
  const form = patient.page.getByRole("form", { name: /PHQ-9/ });
  const items = form.getByRole("group");
  await expect(items).toHaveCount(9);
  const send = form.getByRole("button", { name: "Send my answers" });
  for (let item = 0; item < 8; item += 1) await items.nth(item).getByText("Not at all", { exact: true }).click();
  await expect(send).toBeDisabled();
  await expect(form).toContainText("8 of 9 answered");
  for (const width of [375, 1440]) {
    await patient.page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await patient.page.screenshot({ path: `test-results/screenshots/measure-form-${width}.png`, fullPage: true });
  }
  await items.nth(8).getByText("Several days", { exact: true }).click();
  await send.click();

  // At once: where to turn, announced and focused, with the clinic's numbers to tap.
  const crisis = patient.page.getByRole("alert").filter({ hasText: "You do not have to carry this alone" });
  await expect(crisis).toBeVisible();
  await expect(crisis).toContainText("Your therapist has been told and will be in touch.");
  await expect(patient.page.getByRole("heading", { level: 1 })).toHaveText("Your PHQ-9 is with your therapist");
  await expect(crisis.getByRole("link", { name: "Call or text 988" })).toHaveAttribute("href", "tel:988");
  await expect(crisis.getByRole("link", { name: "Call 911" })).toHaveAttribute("href", "tel:911");
  await expect(patient.page.getByRole("heading", { name: "You do not have to carry this alone" })).toBeFocused();
  expect(await seriousViolations(patient.page)).toEqual([]);
  for (const width of [375, 1440]) {
    await patient.page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await patient.page.screenshot({ path: `test-results/screenshots/measure-crisis-${width}.png`, fullPage: true });
  }

  // The doctor's open dashboard shows it without a reload.
  const alert = doctor.page.getByRole("region", { name: "Needs attention" }).getByTestId("safety-alert");
  await expect(alert).toContainText("Alex Morgan reported thoughts of self-harm");
  expect(await seriousViolations(doctor.page)).toEqual([]);
  for (const width of [375, 1440]) {
    await doctor.page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await doctor.page.screenshot({ path: `test-results/screenshots/needs-attention-${width}.png` });
  }
  await alert.getByRole("button", { name: "Acknowledge the alert for Alex Morgan" }).click();
  const dialog = doctor.page.getByRole("dialog", { name: "Acknowledge the alert for Alex Morgan" });
  await dialog.getByLabel("What was done").fill("Called Alex: safety plan reviewed together, no immediate risk. Session moved up to tomorrow.");
  expect(await seriousViolations(doctor.page)).toEqual([]);
  await dialog.getByRole("button", { name: "Acknowledge" }).click();
  await expectToast(doctor.page, "Alert acknowledged");
  await expect(doctor.page.getByRole("region", { name: "Needs attention" })).toHaveCount(0);

  // The record shows the PHQ-9 over time, with a table for those who prefer numbers.
  await doctor.page.goto(`/patients/${patient.id}`);
  const trend = doctor.page.getByTestId("trend-phq9");
  await expect(trend).toContainText("latest 1 · minimal");
  await trend.getByText("The PHQ-9 scores as a table").click();
  await expect(trend.getByRole("table")).toContainText("Minimal");
  expect(await seriousViolations(doctor.page)).toEqual([]);
  await doctor.page.setViewportSize({ width: 1440, height: 900 });
  await trend.screenshot({ path: "test-results/screenshots/measure-trend-1440.png" });

  // Alex's own dashboard on a phone: the trend and its badges fit the screen, nothing scrolls sideways.
  await patient.page.setViewportSize({ width: 375, height: 812 });
  await patient.page.goto("/dashboard/patient");
  const own = patient.page.getByTestId("trend-phq9");
  await expect(own.getByText("Remission: below 5")).toBeVisible();
  expect(await patient.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const box = await own.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await patient.page.screenshot({ path: "test-results/screenshots/measure-dashboard-375.png", fullPage: true });
});

test("a patient no doctor cares for yet is not told that a therapist knows: they are pointed to help today", async ({ page }) => {
  await registerPatient(page);
  await page.goto("/measures/phq9");
  const form = page.getByRole("form", { name: /PHQ-9/ });
  const items = form.getByRole("group");
  await expect(items).toHaveCount(9);
  for (let item = 0; item < 8; item += 1) await items.nth(item).getByText("Not at all", { exact: true }).click();
  await items.nth(8).getByText("Several days", { exact: true }).click();
  await form.getByRole("button", { name: "Send my answers" }).click();
  const crisis = page.getByRole("alert").filter({ hasText: "You do not have to carry this alone" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your PHQ-9 is saved");
  await expect(page.getByText(/your therapist/i)).toHaveCount(0);
  await expect(crisis).toContainText("You do not have a therapist with us yet, so please do not wait to hear from us");
  await expect(crisis.getByRole("link", { name: "Call or text 988" })).toHaveAttribute("href", "tel:988");
  expect(await seriousViolations(page)).toEqual([]);
});
