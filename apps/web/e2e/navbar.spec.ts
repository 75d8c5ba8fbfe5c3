import { expect, test } from "@playwright/test";

import { alphaOf, DEMO, mainNavigation, openLandingPage, signInQuietly } from "./support";

test.describe("navbar", () => {
  test("signed out: Services and About anchors, Team, Log In", async ({ page }) => {
    await page.goto("/team");
    const nav = mainNavigation(page);
    await expect(nav.getByRole("link", { name: "Services" })).toHaveAttribute("href", "/#services");
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("href", "/#about");
    await expect(nav.getByRole("link", { name: "Team" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/#services$/);
    await expect(page.locator("#services")).toBeInViewport();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Patient sign in" })).toBeVisible();
    await nav.getByRole("link", { name: "Log In" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("signed in as a patient: Dashboard, Appointments, Messages, name, monogram, Sign Out", async ({ page }) => {
    await signInQuietly(page, DEMO.patient);
    await page.goto("/appointments");
    const nav = mainNavigation(page);
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard/patient");
    await expect(nav.getByRole("link", { name: "Appointments" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Messages" })).toBeVisible();
    await expect(nav.getByText(DEMO.patient.firstName, { exact: true })).toBeVisible();
    await expect(nav.getByRole("img", { name: /Alex/ })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Services" })).toHaveCount(0);
    // Signed in, the footer offers no sign-in.
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Our team" })).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Patient sign in" })).toHaveCount(0);
  });

  test("signed in as a doctor: Dashboard leads to the doctor dashboard", async ({ page }) => {
    await signInQuietly(page, DEMO.doctor);
    await page.goto("/messages");
    await mainNavigation(page).getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard\/doctor$/);
    // The spec greets a doctor by last name ("Dr. Vance").
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Dr. ${DEMO.doctor.lastName}`);
  });

  test("turns more opaque once scrolled past 100 px", async ({ page }) => {
    await openLandingPage(page);
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    const before = alphaOf(await header.evaluate((element) => getComputedStyle(element).backgroundColor));

    await page.evaluate(() => window.scrollTo({ top: 80, behavior: "instant" }));
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo({ top: 400, behavior: "instant" }));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect.poll(async () => alphaOf(await header.evaluate((element) => getComputedStyle(element).backgroundColor))).toBeGreaterThan(before);
  });

  test.describe("at 375 px", () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test("the mobile menu toggles, announces its state and closes on navigation", async ({ page }) => {
      await openLandingPage(page);
      await expect(mainNavigation(page)).toBeHidden();
      const toggle = page.getByRole("button", { name: "Open menu" });
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(toggle).toHaveAttribute("aria-controls", "mobile-menu");
      const menu = page.locator("#mobile-menu");
      await expect(menu).toBeHidden();

      await toggle.click();
      await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
      await expect(menu).toBeVisible();
      await expect(menu.getByRole("link", { name: "Services" })).toBeVisible();
      await expect(menu.getByRole("link", { name: "About" })).toBeVisible();
      await expect(menu.getByRole("link", { name: "Log In" })).toBeVisible();

      await menu.getByRole("link", { name: "Team" }).click();
      await expect(page).toHaveURL(/\/team$/);
      await expect(menu).toBeHidden();
      await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    });

    test("Escape closes the mobile menu and returns focus to its button", async ({ page }) => {
      await signInQuietly(page, DEMO.patient);
      await page.goto("/dashboard/patient");
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.locator("#mobile-menu");
      await expect(menu.getByRole("link", { name: "Appointments" })).toBeVisible();
      await expect(menu.getByRole("button", { name: "Sign Out" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    });
  });
});
