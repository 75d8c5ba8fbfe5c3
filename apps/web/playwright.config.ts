import { defineConfig, devices } from "@playwright/test";

// The browser tests run against the real thing: the built API server serving the built web app,
// on a fresh SQLite database with the demo clinic (see e2e/global-setup.ts and e2e/serve.mjs).
// Overridable so several engineers (or CI jobs) can run browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  fullyParallel: false,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Generous: a loaded 2-core machine is slow, and every wait is for a condition, never a time.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Starts the clinic server, and stops it when the run ends (see e2e/global-setup.ts).
  globalSetup: "./e2e/global-setup.ts",
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        // Video visits: a fake camera and microphone, allowed without asking.
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], headless: true } }],
});
