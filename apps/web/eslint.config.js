import { halcyonLint } from "@halcyon/config/eslint";

export default [
  ...halcyonLint({
    browser: true,
    mayImport: ["@halcyon/ui", "@halcyon/domain/rules", "@halcyon/domain/schemas", "@halcyon/sealed"],
    mayImportTypes: ["@halcyon/domain"],
  }),
  // Tooling at the package root (vite/vitest/playwright configs) and the browser tests run in Node.
  {
    files: ["*.config.{js,ts}", "e2e/**"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
  },
];
