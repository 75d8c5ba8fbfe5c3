import { defineConfig } from "vitest/config";

// Unit tests of the app's pure logic; the browser tests in e2e/ belong to Playwright.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
  },
});
