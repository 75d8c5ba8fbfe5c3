// The container setup is checked by reading it: no Docker engine runs where tests run.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { envSchema, parseEnv } from "../src/env";

const root = new URL("../../../", import.meta.url);
const compose = parse(readFileSync(new URL("docker-compose.yml", root), "utf8"));
const dockerfile = readFileSync(new URL("Dockerfile", root), "utf8");
const { scripts } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { scripts: { serve: string } };
/** `pnpm serve` is `node <flags> dist/server.js`; the benchmarks start the server with the same flags. */
const SERVE_NODE_FLAGS = scripts.serve.trim().split(/\s+/).slice(1, -1);

describe("docker-compose.yml", () => {
  it("runs the app against a PostgreSQL service it waits for", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["app", "db", "mailpit"]);
    const { app, db } = compose.services;
    expect(app.build).toBe(".");
    expect(app.depends_on.db.condition).toBe("service_healthy");
    expect(db.image).toMatch(/^postgres:/);
    expect(db.healthcheck.test.join(" ")).toContain("pg_isready");
  });

  it("starts Mailpit, the development mail catcher, only when asked (the mail profile)", () => {
    const { mailpit, app } = compose.services;
    expect(mailpit.image).toMatch(/^axllent\/mailpit/);
    expect(mailpit.profiles).toEqual(["mail"]);
    expect(mailpit.ports).toEqual(expect.arrayContaining(["8025:8025", "1025:1025"]));
    // Without SMTP_URL the app sends nothing; with the catcher's address it mails there.
    expect(app.environment.SMTP_URL).toBe("${SMTP_URL:-}");
    expect(parseEnv({ SMTP_URL: "smtp://mailpit:1025" }).SMTP_URL).toBe("smtp://mailpit:1025");
  });

  it("publishes the app's port and keeps the database on a named volume", () => {
    const { app, db } = compose.services;
    expect(app.ports).toContain("3000:3000");
    expect(db.volumes).toContain("pgdata:/var/lib/postgresql/data");
    expect(Object.keys(compose.volumes)).toContain("pgdata");
  });

  it("keeps the app's DATA_DIR, where the audit chain's key is made, on a named volume: a new container verifies the old chain", () => {
    const dataDir = /^ENV .*\bDATA_DIR=(\S+)/m.exec(dockerfile)?.[1];
    expect(dataDir).toBe("/data");
    const { app } = compose.services;
    const mount = (app.volumes as string[]).find((volume) => volume.endsWith(`:${dataDir}`));
    expect(mount).toBeDefined();
    expect(Object.keys(compose.volumes)).toContain(mount!.split(":")[0]);
  });

  it("gives the app the environment it needs, every variable one the server knows", () => {
    const { app, db } = compose.services;
    const env = app.environment as Record<string, string>;
    const url = new URL(env.DATABASE_URL!);
    expect(url.protocol).toBe("postgres:");
    expect(url.hostname).toBe("db");
    expect(url.username).toBe(db.environment.POSTGRES_USER);
    expect(url.password).toBe(db.environment.POSTGRES_PASSWORD);
    expect(url.pathname).toBe(`/${db.environment.POSTGRES_DB}`);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.PUBLIC_ORIGIN).toBeDefined();
    const known = Object.keys(envSchema.shape);
    for (const name of Object.keys(env)) expect(known, `${name} is not read by the server`).toContain(name);
  });
});

describe("no published passwords in a deployment", () => {
  /** The app's environment as compose gives it when the person sets nothing: each `${VAR:-default}` at its default. */
  const composeDefaults = Object.fromEntries(
    Object.entries(compose.services.app.environment as Record<string, string>).map(([name, value]) => [name, value.replace(/^\$\{\w+:-(.*)\}$/, "$1")]),
  );

  it("runs in production without the demo clinic unless asked", () => {
    const env = parseEnv({ ...composeDefaults, WEB_DIST: "/nonexistent" });
    expect(env.NODE_ENV).toBe("production");
    expect(env.SEED_DEMO).toBe(false);
    expect(dockerfile).toMatch(/ENV NODE_ENV=production/);
  });

  it("seeds the demo clinic only when asked, and only outside production (production-start.test.ts)", () => {
    expect(parseEnv({ ...composeDefaults, SEED_DEMO: "true", NODE_ENV: "development" }).SEED_DEMO).toBe(true);
  });
});

describe("Dockerfile", () => {
  it("builds the API and web app and serves them as an unprivileged user on port 3000", () => {
    expect(dockerfile).toMatch(/turbo run build/);
    expect(dockerfile).toMatch(/USER node/);
    expect(dockerfile).toMatch(/EXPOSE 3000/);
  });

  it("starts the server with the Node flags of `pnpm serve`, which the benchmarks measure", () => {
    expect(SERVE_NODE_FLAGS).toEqual(expect.arrayContaining([expect.stringMatching(/^--max-semi-space-size=\d+$/)]));
    expect(dockerfile).toContain(`CMD ${JSON.stringify(["node", ...SERVE_NODE_FLAGS, "apps/api/dist/server.js"]).replaceAll(",", ", ")}`);
  });
});

describe("pnpm start", () => {
  it("serves with the Node flags of `pnpm serve`, running node itself so a cached start is quick", () => {
    const { scripts: rootScripts } = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as { scripts: { start: string } };
    expect(rootScripts.start.endsWith(`&& ${["node", ...SERVE_NODE_FLAGS, "apps/api/dist/server.js"].join(" ")}`)).toBe(true);
  });
});
