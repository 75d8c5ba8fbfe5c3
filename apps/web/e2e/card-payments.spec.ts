// Payments by card in the browser, on a clinic of its own whose Stripe is the test's stand-in
// (apps/api/test/stripe-stand-in.ts): its Checkout "page" tells the clinic of the payment with an
// event signed as Stripe signs them, then sends the browser back to the clinic's success URL, as
// Stripe's hosted page does. The demo's Alex has an open invoice; Sam saves a card. Axe on each
// screen, screenshots at 375 and 1440 px.
import { test as base, expect, type Page } from "@playwright/test";

import { standInEnv, startStripeStandIn, type StripeStandIn } from "../../api/test/stripe-stand-in";
import { startClinicServer, type ClinicServer } from "./clinic-server";
import { beyondTheScreen, DEMO, seriousViolations, signInQuietly } from "./support";

const test = base.extend<object, { stripe: StripeStandIn; clinic: ClinicServer }>({
  stripe: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stripe = await startStripeStandIn();
      await use(stripe);
      await stripe.close();
    },
    { scope: "worker" },
  ],
  clinic: [
    async ({ stripe }, use) => {
      const clinic = await startClinicServer({ env: standInEnv(stripe) });
      stripe.webhookUrl = `${clinic.baseURL}/api/payments/stripe/webhook`;
      await use(clinic);
      await clinic.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ clinic }, use) => use(clinic.baseURL),
});

test.use({ contextOptions: { reducedMotion: "reduce" } });

async function screenshots(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
    expect(await beyondTheScreen(page), `${name} at ${width} px`).toEqual([]);
  }
}

type Invoice = { id: number; number: string; paid: boolean };
type Account = { invoices: Invoice[]; payments: unknown[] };

test("a patient pays an open invoice on Stripe's Checkout and comes back to Billing with it paid, recorded once", async ({ page, stripe }) => {
  await signInQuietly(page, DEMO.patient);
  const account = async () => (await (await page.request.get("/api/billing/account")).json()) as Account;
  const before = await account();
  const open = before.invoices.find((invoice) => !invoice.paid)!;

  await page.goto("/billing");
  const row = page.getByTestId("invoice-row").filter({ hasText: open.number });
  await expect(row).toContainText("Open");
  await expect(page.getByRole("region", { name: "Card on file" })).toContainText("Approved charges are collected from it once a night.");
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "billing-card-patient");

  // Stripe's page (the stand-in's): paid, told to the clinic with a signed event, and back to Billing.
  await row.getByRole("button", { name: `Pay by card (invoice ${open.number})` }).click();
  await expect(page).toHaveURL(new RegExp(`/billing\\?paid=${open.id}$`));
  await expect(page.getByRole("status")).toHaveText("Thank you: your payment is received.");
  await expect(row).toContainText("Paid");
  await expect(row.getByRole("button", { name: /by card/ })).toHaveCount(0);
  expect((await account()).payments).toHaveLength(before.payments.length + 1);
  expect(stripe.requests.some((request) => request.path === "/v1/checkout/sessions" && request.params.mode === "payment")).toBe(true);
  expect(stripe.problems).toEqual([]);
});

test("a patient saves a card for nightly charges after ticking the consent, kept as read", async ({ page, stripe }) => {
  await signInQuietly(page, { username: "sam", password: DEMO.patient.password });
  await page.goto("/billing");
  const section = page.getByRole("region", { name: "Card on file" });
  await section.getByRole("button", { name: "Save a card" }).click();
  await expect(section.getByRole("alert")).toHaveText("Tick the box to agree to be charged, or pay each invoice yourself.");
  await section.getByRole("checkbox", { name: /I authorise the clinic to charge this card/ }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await section.getByRole("button", { name: "Save a card" }).click();

  await expect(page).toHaveURL(/\/billing\?card=saved$/);
  await expect(page.getByRole("status")).toHaveText("Your card is saved.");
  await expect(section).toContainText("Visa ending 4242");
  await section.getByText(/The consent you gave on/).click();
  await expect(section).toContainText("I authorise the clinic to charge this card");
  await screenshots(page, "billing-card-saved");
  expect(stripe.requests.some((request) => request.path === "/v1/checkout/sessions" && request.params.mode === "setup")).toBe(true);
  expect(stripe.problems).toEqual([]);
});
