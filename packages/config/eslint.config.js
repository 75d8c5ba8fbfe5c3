// The one lint setup of the monorepo. Each package calls `halcyonLint()` with the internal
// packages it may import, so the dependency direction of docs/architecture.md
// (web → domain/rules + domain/schemas + ui; api → domain + db; domain → db; ui, db, config → nothing internal)
// is checked by `pnpm lint`, not by memory.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

// @halcyon/config is tooling every package may use, so it is not in this list.
const INTERNAL = ["@halcyon/web", "@halcyon/api", "@halcyon/bench", "@halcyon/domain", "@halcyon/db", "@halcyon/ui", "@halcyon/sealed"];

/**
 * @param {object} options
 * @param {string[]} [options.mayImport] internal package specifiers this package may import at runtime
 * @param {string[]} [options.mayImportTypes] internal specifiers it may import with `import type` only
 * @param {boolean} [options.browser] browser globals instead of Node's
 */
export function halcyonLint({ mayImport = [], mayImportTypes = [], browser = false } = {}) {
  const paths = [];
  const patterns = [];
  const message = "This import breaks the dependency direction of docs/architecture.md.";
  for (const root of INTERNAL.filter((name) => !mayImport.includes(name))) {
    // Subpaths allowed on their own, e.g. the browser-safe @halcyon/domain/schemas.
    const exceptions = mayImport.filter((name) => name.startsWith(`${root}/`)).map((name) => `!${name}`);
    if (mayImportTypes.includes(root)) {
      const typeOnly = `Import ${root} with \`import type\` only: its code belongs to the server.`;
      paths.push({ name: root, allowTypeImports: true, message: typeOnly });
      patterns.push({ group: [`${root}/*`, ...exceptions], allowTypeImports: true, message: typeOnly });
    } else {
      patterns.push({ group: [root, `${root}/*`, ...exceptions], message });
    }
  }

  return tseslint.config(
    { ignores: ["**/dist/**", "**/node_modules/**", "**/test-results/**", "**/playwright-report/**"] },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      languageOptions: { globals: browser ? { ...globals.browser } : { ...globals.node } },
      rules: {
        "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
        "@typescript-eslint/consistent-type-imports": "error",
        "no-console": ["error", { allow: ["warn", "error"] }],
        "@typescript-eslint/no-restricted-imports": ["error", { paths, patterns }],
      },
    },
  );
}

export default halcyonLint();
