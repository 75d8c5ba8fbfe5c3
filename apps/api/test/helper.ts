import { describeEachDatabase } from "@halcyon/db/testing";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../src/app";
import { parseEnv } from "../src/env";

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
): void {
  describeEachDatabase(name, (database) => {
    let current: TestApp | undefined;
    beforeAll(async () => {
      let offset = 0;
      const app = await buildApp({
        env: parseEnv({ NODE_ENV: "test", SEED_DEMO: "false", WEB_DIST: "/nonexistent", ...env }),
        database: database(),
        now: () => new Date(Date.now() + offset),
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
