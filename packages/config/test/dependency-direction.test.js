// The lint rule is the guard of the architecture's dependency direction; this proves it bites.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { halcyonLint } from "../eslint.config.js";

async function problems(config, code) {
  const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: config });
  const [result] = await eslint.lintText(code, { filePath: "src/example.ts" });
  return result.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
}

const web = halcyonLint({ browser: true, mayImport: ["@halcyon/ui", "@halcyon/domain/schemas"], mayImportTypes: ["@halcyon/domain"] });
const ui = halcyonLint({ browser: true });
const domain = halcyonLint({ mayImport: ["@halcyon/db"] });
const db = halcyonLint();

describe("the dependency direction (web → domain/schemas + ui; api → domain + db; domain → db)", () => {
  it("lets the web app use the UI kit, the browser-safe schemas and the router's types", async () => {
    expect(
      await problems(
        web,
        'import { Button } from "@halcyon/ui/components/button";\nimport { loginInputSchema } from "@halcyon/domain/schemas";\nimport type { AppRouter } from "@halcyon/domain";\nexport { Button, loginInputSchema };\nexport type { AppRouter };\n',
      ),
    ).toEqual([]);
  });

  it("stops the web app importing server code", async () => {
    expect(await problems(web, 'import { appRouter } from "@halcyon/domain";\nexport { appRouter };\n')).toHaveLength(1);
    expect(await problems(web, 'import { connect } from "@halcyon/db";\nexport { connect };\n')).toHaveLength(1);
    expect(await problems(web, 'import { signIn } from "@halcyon/domain/auth";\nexport { signIn };\n')).toHaveLength(1);
  });

  it("keeps the UI kit and the data layer free of internal imports", async () => {
    expect(await problems(ui, 'import { publicUserSchema } from "@halcyon/domain/schemas";\nexport { publicUserSchema };\n')).toHaveLength(1);
    expect(await problems(db, 'import { appRouter } from "@halcyon/domain";\nexport { appRouter };\n')).toHaveLength(1);
  });

  it("lets the domain use the data layer but not the server or the web app", async () => {
    expect(await problems(domain, 'import { connect } from "@halcyon/db";\nexport { connect };\n')).toEqual([]);
    expect(await problems(domain, 'import { buildApp } from "@halcyon/api";\nexport { buildApp };\n')).toHaveLength(1);
  });
});
