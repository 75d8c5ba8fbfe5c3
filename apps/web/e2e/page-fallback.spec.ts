import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

import { DEMO, signInQuietly } from "./support";

// The four pages that wait for several queries share one loading and error block
// (src/components/page-queries-fallback.tsx): a failed read names what could not be loaded, and
// one "Try again" brings the page back once the server answers again.
test.use({ contextOptions: { reducedMotion: "reduce" } });

const APPOINTMENT_LIST = "**/trpc/**appointments.list**";

async function alexsId(page: Page): Promise<number> {
  await signInQuietly(page, DEMO.patient);
  const response = await page.request.get("/api/user");
  return ((await response.json()) as { id: number }).id;
}

const PAGES = [
  { name: "patient dashboard", what: "your dashboard", open: async (page: Page) => (await signInQuietly(page, DEMO.patient), "/dashboard/patient") },
  { name: "doctor dashboard", what: "your day", open: async (page: Page) => (await signInQuietly(page, DEMO.doctor), "/dashboard/doctor") },
  { name: "appointments page", what: "your appointments", open: async (page: Page) => (await signInQuietly(page, DEMO.patient), "/appointments") },
  {
    name: "patient history",
    what: "this patient's history",
    open: async (page: Page) => {
      const id = await alexsId(page);
      await signInQuietly(page, DEMO.doctor);
      return `/patients/${id}`;
    },
  },
] as const;

for (const screen of PAGES) {
  test(`the ${screen.name} says what it could not load and recovers with Try again`, async ({ page }) => {
    const path = await screen.open(page);
    await page.route(APPOINTMENT_LIST, (route) => route.abort("connectionrefused"));
    await page.goto(path);

    const failure = page.getByRole("alert").filter({ hasText: `We couldn't load ${screen.what}` });
    await expect(failure).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")).toEqual([]);
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/screenshots/load-failed-${screen.name.replaceAll(" ", "-")}-${width}.png`, fullPage: true });
    }

    await page.unroute(APPOINTMENT_LIST);
    await failure.getByRole("button", { name: "Try again" }).click();
    await expect(failure).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
  });
}

test("a page whose code cannot be fetched says so in the clinic's frame, and Reload brings it back", async ({ page }) => {
  await signInQuietly(page, DEMO.patient);
  // As when the connection drops, or a new version of the app replaced the files this one knew.
  const accountCode = /\/assets\/account-page-[^/]+\.js$/;
  await page.route(accountCode, (route) => route.abort("connectionrefused"));
  await page.goto("/account");

  await expect(page.getByRole("heading", { level: 1, name: "This page could not open." })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page).toHaveTitle(/This page could not open/);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")).toEqual([]);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/screenshots/page-crashed-${width}.png`, fullPage: true });
  }

  await page.unroute(accountCode);
  await page.getByRole("button", { name: "Reload the page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
});
