import { expect, test } from "@playwright/test";

import { openLandingPage, waitForSplashToClear } from "./support";

test.describe("landing page", () => {
  test("the splash shows, fades after 2 s and is gone 1 s later", async ({ page }) => {
    // The page records each phase as it happens: on a loaded machine a test that polled for each
    // one could miss the first while the page was still loading.
    await page.addInitScript(() => {
      const timeline: { phase: string; at: number }[] = [];
      (window as unknown as { splashTimeline: typeof timeline }).splashTimeline = timeline;
      let last: string | undefined;
      new MutationObserver(() => {
        const phase = document.querySelector("[data-testid=splash]")?.getAttribute("data-phase") ?? (last ? "gone" : undefined);
        if (phase && phase !== last) timeline.push({ phase, at: performance.now() });
        last = phase;
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-phase"] });
    });
    await page.goto("/");
    await waitForSplashToClear(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();

    const timeline = await page.evaluate(() => (window as unknown as { splashTimeline: { phase: string; at: number }[] }).splashTimeline);
    expect(timeline.map(({ phase }) => phase)).toEqual(["visible", "fading", "gone"]);
    const [visible, fading, gone] = timeline.map(({ at }) => at) as [number, number, number];
    // Timers are never early; a busy machine only makes them late.
    expect(fading - visible).toBeGreaterThanOrEqual(1_950);
    expect(gone - fading).toBeGreaterThanOrEqual(950);
    expect(gone - visible).toBeLessThan(10_000);
  });

  test("Schedule Consultation goes through the server's sign-in path to /auth", async ({ page }) => {
    await openLandingPage(page);
    const viaServer = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/login");
    await page.getByRole("link", { name: "Schedule Consultation" }).first().click();
    await viaServer;
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  });

  test("Learn More scrolls to the about section", async ({ page }) => {
    await openLandingPage(page);
    const about = page.locator("#about");
    await expect(about).not.toBeInViewport();
    await page.getByRole("button", { name: "Learn More" }).click();
    await expect(about).toBeInViewport();
    await expect(page.getByRole("heading", { name: "A private practice, designed around stillness" })).toBeInViewport();
  });

  test("lists the four services, the about section, a call to action and the footer", async ({ page }) => {
    await openLandingPage(page);
    const services = page.locator("#services");
    for (const service of ["Individual Therapy", "Couples Therapy", "PTSD & Trauma Care", "Mindfulness & Wellness"]) {
      await expect(services.getByRole("heading", { name: service })).toBeVisible();
    }
    await expect(page.locator("#about")).toContainText("About Halcyon");
    await expect(page.getByRole("heading", { name: "Your first conversation is simply a conversation." })).toBeVisible();

    const footer = page.getByRole("contentinfo");
    await expect(footer.locator("address")).toContainText("Harbour Row");
    await expect(footer.getByRole("link", { name: /\(555\)/ })).toHaveAttribute("href", /^tel:/);
    await expect(footer.getByRole("link", { name: /@halcyon\.example/ })).toHaveAttribute("href", /^mailto:/);
  });

  test("loads no image, font or script from another host", async ({ page, baseURL }) => {
    const foreign: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).origin !== new URL(baseURL ?? "").origin) foreign.push(request.url());
    });
    await openLandingPage(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(foreign).toEqual([]);
  });
});
