import { connect, type DatabaseHandle } from "@halcyon/db";
import { createTestDatabase, describeEachDatabase, TEST_SECRETS_KEY } from "@halcyon/db/testing";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe } from "vitest";
import { buildApp, type BuildAppOptions } from "../src/app";
import { parseEnv } from "../src/env";

/** What every test app starts with: no demo, no web app, and the test secrets key (never a file in the working folder). */
export const TEST_ENV: Record<string, string> = {
  NODE_ENV: "test",
  SEED_DEMO: "false",
  WEB_DIST: "/nonexistent",
  SECRETS_KEY: TEST_SECRETS_KEY.toString("hex"),
  // Every plain-password sign-in derives on the server: 1 MiB keeps hundreds of them cheap.
  PASSWORD_KDF_MEMORY_KIB: "1024",
};

export interface TestApp {
  app: FastifyInstance;
  /** Moves the server's clock forward. */
  advance(ms: number): void;
}

/**
 * Runs `body` once per test database with a freshly built app on it (demo seed off unless
 * asked). The clock starts at the real time and moves only when a test advances it.
 */
export function describeApp(
  name: string,
  body: (testApp: () => TestApp) => void,
  env: Record<string, string> = {},
  { sweeps = true }: Pick<BuildAppOptions, "sweeps"> = {},
): void {
  describeEachDatabase(name, (database) => {
    let current: TestApp | undefined;
    beforeAll(async () => {
      let offset = 0;
      const app = await buildApp({
        env: parseEnv({ ...TEST_ENV, ...env }),
        database: database(),
        now: () => new Date(Date.now() + offset),
        sweeps,
      });
      current = { app, advance: (ms) => void (offset += ms) };
    });
    afterAll(async () => {
      await current?.app.close();
    });
    body(() => {
      if (!current) throw new Error("the test app is not ready yet");
      return current;
    });
  });
}

/**
 * Runs `body` with two API instances on one fresh PostgreSQL database, each with a connection
 * pool of its own, as two servers would be (only when TEST_DATABASE_URL is set).
 */
export function describeTwoInstances(name: string, body: (instances: () => [FastifyInstance, FastifyInstance]) => void): void {
  describe.runIf(process.env.TEST_DATABASE_URL)(name, () => {
    let databases: DatabaseHandle[] = [];
    let apps: FastifyInstance[] = [];
    beforeAll(async () => {
      const database = await createTestDatabase("postgres");
      databases = [database, connect({ kind: "postgres", url: database.postgres!.url, schema: database.postgres!.schema!, auditKey: database.auditKey })];
      const env = parseEnv(TEST_ENV);
      apps = await Promise.all(databases.map((handle) => buildApp({ env, database: handle })));
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const handle of databases.reverse()) await handle.close();
    });
    body(() => {
      const [first, second] = apps;
      if (!first || !second) throw new Error("the instances are not ready yet");
      return [first, second];
    });
  });
}

let counter = 0;
/** A registration body that passes every rule, with a unique username. */
export function newPatient(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    username: `patient${counter}${Math.random().toString(36).slice(2, 7)}`,
    password: "quiet-harbour-42",
    firstName: "Morgan",
    lastName: "Reyes",
    phoneNumber: "(555) 123-4567",
    dateOfBirth: "1990-05-01",
    email: "morgan@example.com",
    ...overrides,
  };
}

export function sessionCookie(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === "halcyon_session" || c.name === "__Host-halcyon_session");
  return cookie && cookie.value ? `${cookie.name}=${cookie.value}` : undefined;
}

/** A client address of its own for each caller, so the per-address registration throttle stays out of tests that are not about it. */
function anAddress(): string {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

export async function register(app: FastifyInstance, body: Record<string, unknown> = newPatient()) {
  const response = await app.inject({ method: "POST", url: "/api/register", payload: body, remoteAddress: anAddress() });
  return { response, cookie: sessionCookie(response), body };
}
