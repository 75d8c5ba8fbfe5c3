import { expect, test } from "@playwright/test";

import { DEMO, recordToasts, signInQuietly } from "./support";

const PROTECTED = ["/dashboard/patient", "/dashboard/doctor", "/appointments", "/messages", "/admin"];

test.describe("protected pages", () => {
  test("a signed-out visitor is told, then sent through /api/login to /auth after 500 ms", async ({ page }) => {
    // The page's clock moves only when the test moves it, so the 500 ms are counted on it, however
    // busy the machine: 10 ms at a time until the toast is up (loading the page needs its timers),
    // then just short of the wait (no redirect yet), then past it.
    await page.clock.install();
    // Every navigation the page begins, recorded as it begins (the Navigation API's navigate
    // event fires inside the call that starts it), so "no redirect yet" is read, not waited for.
    await page.addInitScript(() => {
      const begun: string[] = [];
      Object.assign(window, { navigationsBegun: begun });
      const navigation = (window as unknown as { navigation?: EventTarget }).navigation;
      navigation?.addEventListener("navigate", (event) => begun.push(new URL((event as Event & { destination: { url: string } }).destination.url).pathname));
    });
    await page.clock.pauseAt(Date.now() + 60_000);
    const toasts = await recordToasts(page);
    const toldAndGone = [expect.stringMatching(/^Unauthorized\s*You are logged out\. Logging in again\.\.\./)];
    let redirects = 0;
    page.on("request", (request) => void (new URL(request.url()).pathname === "/api/login" && (redirects += 1)));
    await page.goto("/appointments");
    await expect
      .poll(async () => {
        if (toasts.length === 0) await page.clock.runFor(10);
        return toasts.map((seen) => seen.text);
      })
      .toEqual(toldAndGone);

    await page.clock.runFor(450);
    // A redirect the clock had let through would have begun inside that run.
    expect(await page.evaluate(() => (window as unknown as { navigationsBegun: string[] }).navigationsBegun)).not.toContain("/api/login");
    expect(redirects).toBe(0);
    await page.clock.runFor(100);
    await expect(page).toHaveURL(/\/auth$/);
    expect(redirects).toBe(1);
    await page.clock.resume();
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    expect(toasts.map((seen) => seen.text)).toEqual(toldAndGone);
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
