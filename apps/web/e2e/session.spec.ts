import { expect, test } from "@playwright/test";

import { DEMO, recordToasts, signInQuietly } from "./support";

const PROTECTED = ["/dashboard/patient", "/dashboard/doctor", "/appointments", "/messages", "/admin"];

test.describe("protected pages", () => {
  test("a signed-out visitor is told, then sent through /api/login to /auth after 500 ms", async ({ page }) => {
    const toasts = await recordToasts(page);
    const throughServer = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/login");
    await page.goto("/appointments");
    const redirectedAt = ((await throughServer), Date.now());
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();

    expect(toasts.map((seen) => seen.text)).toEqual([expect.stringMatching(/^Unauthorized\s*You are logged out\. Logging in again\.\.\./)]);
    expect(redirectedAt - toasts[0]!.at).toBeGreaterThanOrEqual(400);
  });

  for (const path of PROTECTED) {
    test(`${path} sends a signed-out visitor to sign in`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
    });
  }

  test("a member's own pages greet them by first name", async ({ page }) => {
    await signInQuietly(page, DEMO.patient);
    for (const path of ["/dashboard/patient", "/appointments", "/messages"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(`${DEMO.patient.firstName}.`);
    }
  });

  test("another role's dashboard shows the designed 403 with a way to one's own", async ({ page }) => {
    await signInQuietly(page, DEMO.patient);
    for (const path of ["/dashboard/doctor", "/admin"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "This room is reserved for others." })).toBeVisible();
    }
    await page.getByRole("link", { name: "Go to your dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard\/patient$/);
  });

  test("an unknown address shows the designed 404", async ({ page }) => {
    await page.goto("/no-such-room");
    await expect(page.getByRole("heading", { name: "This page has drifted out to sea." })).toBeVisible();
    await page.getByRole("link", { name: "Return home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
