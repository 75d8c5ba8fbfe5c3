import { gzipSync } from "node:zlib";

import { expect, test } from "@playwright/test";

import { waitForSplashToClear } from "./support";

/** docs: the landing page's first load must stay under 150 KB of gzipped JavaScript. */
const LANDING_JS_BUDGET_BYTES = 150 * 1000;

test("the landing page's first load stays within its JavaScript budget", async ({ page }) => {
  const scripts = new Map<string, number>();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.set(new URL(response.url()).pathname, gzipSync(await response.body(), { level: 9 }).length);
  });
  await page.goto("/", { waitUntil: "networkidle" });
  await waitForSplashToClear(page);

  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  test.info().annotations.push({
    type: "landing JS (gzip)",
    description: `${(total / 1000).toFixed(1)} KB in ${scripts.size} files: ${[...scripts.keys()].join(", ")}`,
  });
  expect(total).toBeLessThan(LANDING_JS_BUDGET_BYTES);
  // Every other page is a chunk of its own, fetched only when visited.
  expect([...scripts.keys()].some((path) => /auth-page|team-page|admin-page/.test(path))).toBe(false);
});
