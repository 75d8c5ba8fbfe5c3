// What reaches a patient's Billing page by itself, and the documents they take from it (issue 35),
// each on a demo clinic of its own: an invoice with its number as soon as the doctor completes a
// session (no admin in between); Alex downloads a superbill of their paid sessions, read back
// with pdf.js (the engine of Firefox's viewer) for their name and the CPT code of their sessions;
// Sam sees his missed session's fee under review, an admin waives it with a reason, and it is gone
// from Sam's page. Axe on each screen; screenshots at 375 and 1440 px of the screens
// billing.spec.ts does not picture (a fee under review, the waiver's dialog).
import { readFile } from "node:fs/promises";

import { expect } from "@playwright/test";

import { pdfText } from "../../api/test/pdf-text";
import { clinicAtHour, ownClinic } from "./clinic-server";
import { DEMO, screenshotsAt, seriousViolations, signInQuietly } from "./support";

const test = ownClinic();
test.use({ contextOptions: { reducedMotion: "reduce" } });

const SAM = { username: "sam", password: DEMO.patient.password };

test("a patient downloads a superbill of their paid sessions, with their name and the sessions' CPT code", async ({ page }) => {
  await signInQuietly(page, DEMO.patient);
  await page.goto("/billing");
  const documents = page.getByRole("region", { name: "Billing documents" });
  await expect(documents.getByRole("link", { name: "Superbill (PDF)" })).toBeVisible();
  // From a year back, so the demo's paid sessions (three to six weeks ago) are in range whatever the date.
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  await documents.getByLabel("From").fill(yearAgo);
  expect(await seriousViolations(page)).toEqual([]);

  const download = page.waitForEvent("download");
  await documents.getByRole("link", { name: "Superbill (PDF)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const { text } = await pdfText(await readFile((await file.path())!));
  expect(text).toContain("Superbill");
  expect(text).toContain("Alex Morgan");
  // The demo's individual sessions last 53 minutes: CPT 90837, in the office (place of service 11).
  expect(text).toMatch(/90837 11 /);
  expect(text).not.toContain("No paid sessions in these dates.");
});

test("a missed session's fee under review disappears from the patient's Billing page once an admin waives it", async ({ page, browser, baseURL }) => {
  // A context of its own (not browser.newPage), which axe needs to scan Sam's page.
  const samContext = await browser.newContext({ baseURL: baseURL!, reducedMotion: "reduce" });
  const sam = await samContext.newPage();
  await signInQuietly(sam, SAM);
  await sam.goto("/billing");
  const fee = sam.getByTestId("pending-fee");
  await expect(fee).toContainText("Missed session");
  await expect(fee).toContainText("$150.00");
  expect(await seriousViolations(sam)).toEqual([]);
  await screenshotsAt(sam, "billing-fee-under-review");

  await signInQuietly(page, DEMO.admin);
  await page.goto("/admin/billing");
  const row = page.getByTestId("fee-row").filter({ hasText: "Sam Whitaker" });
  await row.getByRole("button", { name: "Waive", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Waive this fee" });
  await expect(dialog).toContainText("$150.00 for Sam Whitaker's missed session");
  await dialog.getByLabel("Reason").fill("Called ahead: a family emergency");
  expect(await seriousViolations(page)).toEqual([]);
  await screenshotsAt(page, "billing-waive-fee", { fullPage: false });
  await dialog.getByRole("button", { name: "Waive the fee" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("fee-row").filter({ hasText: "Sam Whitaker" })).toHaveCount(0);

  await sam.reload();
  await expect(sam.getByRole("heading", { level: 1, name: "You are all paid up" })).toBeVisible();
  await expect(sam.getByTestId("pending-fee")).toHaveCount(0);
  await expect(sam.getByText("Fees under review")).toHaveCount(0);
  expect(await seriousViolations(sam)).toEqual([]);
  await samContext.close();
});

// The demo's session "today at 15:00" (Jordan's initial consultation, $200) has begun.
const afternoon = clinicAtHour(15);
afternoon.use({ contextOptions: { reducedMotion: "reduce" } });

afternoon("a session the doctor completes is invoiced, numbered, on the patient's Billing page at once", async ({ page, browser, baseURL }) => {
  await signInQuietly(page, DEMO.doctor);
  const listed = await page.request.get("/api/appointments?status=scheduled&limit=200");
  expect(listed.status()).toBe(200);
  const today = ((await listed.json()) as { id: number; patientName: string; title: string }[]).find(
    (appointment) => appointment.patientName === "Jordan Ellis" && appointment.title === "Initial consultation",
  );
  expect(today, "the demo's session of today at 15:00").toBeDefined();
  const completed = await page.request.patch(`/api/appointments/${today!.id}`, { data: { status: "completed" } });
  expect(completed.status(), await completed.text()).toBe(200);

  const jordanContext = await browser.newContext({ baseURL: baseURL!, reducedMotion: "reduce" });
  const jordan = await jordanContext.newPage();
  await signInQuietly(jordan, { username: "jordan", password: DEMO.patient.password });
  await jordan.goto("/billing");
  await expect(jordan.getByRole("heading", { level: 1, name: "You owe $200.00" })).toBeVisible();
  const invoice = jordan.getByTestId("invoice-row");
  await expect(invoice).toHaveCount(1);
  await expect(invoice).toContainText(/INV-\d{6}/);
  await expect(invoice).toContainText("$200.00");
  await expect(invoice).toContainText("Open");
  expect(await seriousViolations(jordan)).toEqual([]);
  await jordanContext.close();
});
