// The clinic's money (issue 35, core) on a demo clinic of its own: a patient reads their balance,
// invoices and payments; a missed first session's fee shows to its patient until an admin forgives
// it; an admin records a payment by hand, refunds it, and exports the receivables. Axe on each
// screen, screenshots at 375 and 1440 px.
import { readFile } from "node:fs/promises";

import { expect, type Page } from "@playwright/test";

import { ownClinic } from "./clinic-server";
import { beyondTheScreen, chooseOption, DEMO, seriousViolations, signInQuietly } from "./support";

const test = ownClinic();
test.use({ contextOptions: { reducedMotion: "reduce" } });

const SAM = { username: "sam", password: DEMO.patient.password };

async function screenshots(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
    expect(await beyondTheScreen(page), `${name} at ${width} px`).toEqual([]);
  }
}

test("a patient reads what they owe, their invoices and their payments", async ({ page }) => {
  await signInQuietly(page, DEMO.patient);
  await page.goto("/dashboard/patient");
  await page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: "Billing" }).click();
  // Six sessions at $150, four of them paid at the front desk.
  await expect(page.getByRole("heading", { level: 1, name: "You owe $300.00" })).toBeVisible();
  await expect(page.getByTestId("invoice-row")).toHaveCount(2);
  await expect(page.getByTestId("invoice-row").filter({ hasText: "Paid" })).toContainText("$600.00");
  await expect(page.getByTestId("payment-row")).toContainText("Card (taken at the clinic)");
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "billing-patient");
});

test("a first session's no-show fee shows to its patient until an admin forgives it", async ({ page, browser, baseURL }) => {
  const sam = await browser.newPage({ baseURL: baseURL! });
  await signInQuietly(sam, SAM);
  await sam.goto("/billing");
  await expect(sam.getByTestId("pending-fee")).toContainText("Missed session");
  await expect(sam.getByTestId("pending-fee")).toContainText("$150.00");
  await expect(sam.getByRole("heading", { level: 1, name: "You are all paid up" })).toBeVisible();

  await signInQuietly(page, DEMO.admin);
  await page.goto("/admin/billing");
  await expect(page.getByRole("heading", { level: 1, name: "The clinic's money" })).toBeVisible();
  const fee = page.getByTestId("fee-row").filter({ hasText: "Sam Whitaker" });
  await expect(fee).toContainText("$150.00");
  expect(await seriousViolations(page)).toEqual([]);
  await fee.getByRole("button", { name: "Forgive first session" }).click();
  await expect(page.getByText("No fees waiting")).toBeVisible();

  await sam.reload();
  await expect(sam.getByRole("heading", { level: 1, name: "You are all paid up" })).toBeVisible();
  await expect(sam.getByTestId("pending-fee")).toHaveCount(0);
  await sam.close();
});

test("an admin records a payment by hand, refunds it, and exports the receivables", async ({ page }) => {
  test.setTimeout(120_000);
  await signInQuietly(page, DEMO.admin);
  await page.goto("/admin/billing");
  await expect(page.getByTestId("receivable-row").filter({ hasText: "Alex Morgan" })).toContainText("$300.00");

  await chooseOption(page, page.getByRole("combobox", { name: "Patient" }), "Alex Morgan");
  await expect(page.getByTestId("account-balance")).toHaveText("$300.00");
  await page.getByLabel("Amount (USD)").fill("300.00");
  await chooseOption(page, page.getByRole("combobox", { name: "Method" }), "Cheque");
  await page.getByLabel("Reference").fill("Cheque 1042");
  await page.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByTestId("account-balance")).toHaveText("$0.00");
  await expect(page.getByTestId("receivable-row").filter({ hasText: "Alex Morgan" })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "billing-admin");

  const cheque = page.getByTestId("admin-payment-row").filter({ hasText: "Cheque 1042" });
  await cheque.getByRole("button", { name: "Refund" }).click();
  const dialog = page.getByRole("dialog", { name: "Refund this payment" });
  await expect(dialog.getByLabel("Amount (USD)")).toHaveValue("300.00");
  await dialog.getByLabel("Amount (USD)").fill("120.00");
  await dialog.getByLabel("Reason").fill("Paid twice by mistake");
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("account-balance")).toHaveText("$120.00");
  await expect(cheque).toContainText("$120.00");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Receivables as CSV" }).click();
  const csv = await readFile((await (await download).path())!, "utf8");
  expect(csv.split("\r\n")[0]).toContain('"balance","0-30 days"');
  expect(csv).toMatch(/"Alex Morgan","USD","120\.00"/);
});
