import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

import { SCREENS } from "./pages";

// Settled pages only: entrance animations mid-fade would be judged at half contrast.
test.use({ contextOptions: { reducedMotion: "reduce" } });

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target.join(" ")) }));
}

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
