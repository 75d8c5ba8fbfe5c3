import { expect, test } from "@playwright/test";

import { SCREENS } from "./pages";
import { seriousViolations } from "./support";

// Settled pages only: entrance animations mid-fade would be judged at half contrast.
test.use({ contextOptions: { reducedMotion: "reduce" } });

test.describe("accessibility (axe): no serious or critical violations", () => {
  for (const screen of SCREENS) {
    test(screen.name, async ({ page }) => {
      await screen.open(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test.describe("at 375 px", () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test("landing with the mobile menu open", async ({ page }) => {
      await SCREENS[0]!.open(page);
      await page.getByRole("button", { name: "Open menu" }).click();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
