import { test } from "@playwright/test";

import { SCREENS } from "./pages";

// Not assertions: pictures of every screen at phone and desktop widths, for a person to look at
// before calling a screen done (docs/design.md). Written to test-results/screenshots/.
const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
];

test.use({ contextOptions: { reducedMotion: "reduce" } });

for (const viewport of WIDTHS) {
  test.describe(`screenshots at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const screen of SCREENS) {
      test(screen.name, async ({ page }) => {
        await screen.open(page);
        await page.screenshot({ path: `test-results/screenshots/${screen.name}-${viewport.width}.png`, fullPage: true });
      });
    }

    test("splash", async ({ page }) => {
      await page.goto("/");
      await page.getByTestId("splash").waitFor();
      // "disabled" runs the splash's entrance animations to their end: the settled curtain.
      await page.screenshot({ path: `test-results/screenshots/splash-${viewport.width}.png`, animations: "disabled" });
    });
  });
}

test.describe("screenshots of the open mobile menu", () => {
  test.use({ viewport: WIDTHS[0] });

  test("mobile-menu", async ({ page }) => {
    await SCREENS[0]!.open(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.screenshot({ path: "test-results/screenshots/mobile-menu-375.png" });
  });
});
