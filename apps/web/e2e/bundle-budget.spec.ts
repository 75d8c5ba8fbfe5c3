import { gzipSync } from "node:zlib";

import { expect, test, type Page } from "@playwright/test";

import { DEMO, signInQuietly, waitForSplashToClear } from "./support";

/** docs: the landing page's first load must stay under 150 KB of gzipped JavaScript. */
const LANDING_JS_BUDGET_BYTES = 150 * 1000;

/** The scripts a page loads, by path, with their bodies; filled in as the page loads. */
function scriptsOf(page: Page): Map<string, Buffer> {
  const scripts = new Map<string, Buffer>();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.set(new URL(response.url()).pathname, await response.body());
  });
  return scripts;
}

test("the landing page's first load stays within its JavaScript budget", async ({ page }) => {
  const bodies = scriptsOf(page);
  await page.goto("/", { waitUntil: "networkidle" });
  await waitForSplashToClear(page);

  const scripts = new Map([...bodies].map(([path, body]) => [path, gzipSync(body, { level: 9 }).length]));
  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  test.info().annotations.push({
    type: "landing JS (gzip)",
    description: `${(total / 1000).toFixed(1)} KB in ${scripts.size} files: ${[...scripts.keys()].join(", ")}`,
  });
  expect(total).toBeLessThan(LANDING_JS_BUDGET_BYTES);
  // Every other page is a chunk of its own, fetched only when visited.
  expect([...scripts.keys()].some((path) => /auth-page|team-page|admin-page/.test(path))).toBe(false);
});

test("a patient's dashboard loads its code in a few files, without the forms' validation", async ({ page }) => {
  await signInQuietly(page, DEMO.patient);
  const scripts = scriptsOf(page);
  await page.goto("/dashboard/patient", { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  test.info().annotations.push({ type: "dashboard scripts", description: `${scripts.size} files: ${[...scripts.keys()].join(", ")}` });
  // Each file is a round trip on a phone's network, six at a time: tiny chunks of an icon each once made it 29.
  expect(scripts.size).toBeLessThanOrEqual(14);
  // zod and the schemas built with it cost a phone about 250 ms as they load; only forms need them.
  const validating = [...scripts].filter(([, body]) => body.includes("$ZodType")).map(([path]) => path);
  expect(validating).toEqual([]);
});
