// Password guessing against the throttles as an attacker would try it: in parallel, across a
// restart, and across two instances. "Checked" means the password hash was actually verified.
import { describeEachDatabase } from "@halcyon/db/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import { buildApp } from "../src/app";
import { parseEnv } from "../src/env";
import { describeTwoInstances, register, TEST_ENV } from "./helper";
import type * as Passwords from "../../../packages/domain/src/auth/passwords";

const verified = vi.hoisted(() => ({ count: 0, gate: undefined as Promise<void> | undefined }));

// Counts every password check, and can hold checks in flight until a test lets them go.
vi.mock("../../../packages/domain/src/auth/passwords", async (importOriginal) => {
  const actual = await importOriginal<typeof Passwords>();
  const counted =
    <A extends unknown[]>(verify: (...args: A) => Promise<boolean>) =>
    async (...args: A) => {
      verified.count += 1;
      await verified.gate;
      return verify(...args);
    };
  return { ...actual, verifySecret: counted(actual.verifySecret), verifyDecoy: counted(actual.verifyDecoy) };
});

const env = parseEnv(TEST_ENV);
const TOO_MANY_FAILURES = /Too many failed sign-in attempts/;

function guess(app: FastifyInstance, username: string, password: string, remoteAddress: string) {
  return app.inject({ method: "POST", url: "/api/login", payload: { username, password }, remoteAddress });
}

/** Statuses of `answers`, counted: { 401: 5, 429: 195 }. */
function statuses(answers: { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of answers) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

afterEach(() => {
  verified.count = 0;
  verified.gate = undefined;
});

describeEachDatabase("password guessing", (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ env, database: database() });
  });
  afterAll(async () => {
    await app.close();
  });

  it("checks at most 5 of 200 parallel guesses at one account, from 200 addresses", async () => {
    const { body } = await register(app);
    const username = String(body.username);
    verified.count = 0;
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => guess(app, username, `wrong-guess-${i}`, `10.77.${i >> 8}.${i & 255}`)));
    expect(verified.count).toBeLessThanOrEqual(5);
    const counted = statuses(answers);
    expect((counted[401] ?? 0) + (counted[429] ?? 0)).toBe(200);
    expect(counted[401] ?? 0).toBeLessThanOrEqual(5);
    for (const answer of answers.filter((a) => a.statusCode === 429)) {
      expect(answer.json().message).toMatch(TOO_MANY_FAILURES);
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
    }
  });

  it("checks at most 30 guesses from one address across accounts", async () => {
    const address = "10.78.0.1";
    verified.count = 0;
    const answers = [];
    // As a thief would guess: with authKeys, which cost the server one hash each (a password costs it a derivation too).
    for (let i = 0; i < 40; i += 1) {
      answers.push(
        await app.inject({ method: "POST", url: "/api/login", payload: { username: `ghost-${i}`, authKey: "A".repeat(43) }, remoteAddress: address }),
      );
    }
    expect(verified.count).toBe(30);
    expect(statuses(answers)).toEqual({ 401: 30, 429: 10 });
  });

  it("turns away sign-ins beyond 4 in flight from one address at once, with a 429 and Retry-After", async () => {
    const { body } = await register(app);
    let release = () => {};
    verified.gate = new Promise((resolve) => (release = resolve));
    const address = "10.79.0.1";
    const held = Array.from({ length: 4 }, () => guess(app, String(body.username), String(body.password), address));
    // Each guess first derives its authKey (Argon2id, 64 MiB): on a busy machine that takes a while.
    await vi.waitFor(() => expect(verified.count).toBe(4), { timeout: 60_000 });
    const turnedAway = await Promise.all(Array.from({ length: 6 }, () => guess(app, String(body.username), String(body.password), address)));
    for (const answer of turnedAway) {
      expect(answer.statusCode).toBe(429);
      expect(answer.json().message).toMatch(/Too many sign-in attempts from your network at once/);
      expect(answer.headers["retry-after"]).toBe("1");
    }
    // Audited, once for the burst: the first turned away is written, the rest are counted for later.
    const audited = await app.clinic.db.selectFrom("audit_log").select("details").where("action", "=", "access.denied").where("ip", "=", address).execute();
    expect(audited.map((row) => JSON.parse(row.details ?? "{}"))).toEqual([{ reason: "sign_ins_in_flight", count: 1 }]);
    // Another address is not held up by this one.
    const elsewhere = guess(app, String(body.username), String(body.password), "10.79.0.2");
    await vi.waitFor(() => expect(verified.count).toBe(5), { timeout: 60_000 });
    release();
    expect(statuses(await Promise.all([...held, elsewhere]))).toEqual({ 200: 5 });
    expect(verified.count).toBe(5);
    // Places are given back: the address may sign in again.
    expect((await guess(app, String(body.username), String(body.password), address)).statusCode).toBe(200);
  });
});

describeEachDatabase("throttles across a restart", (database) => {
  it("keeps counting failures when a new instance starts on the same database", async () => {
    const before = await buildApp({ env, database: database() });
    const { body } = await register(before);
    for (let i = 0; i < 5; i += 1) expect((await guess(before, String(body.username), "wrong-guess", "10.80.0.1")).statusCode).toBe(401);
    await before.close();

    const after = await buildApp({ env, database: database() });
    try {
      const owner = await guess(after, String(body.username), String(body.password), "10.80.0.2");
      expect(owner.statusCode).toBe(429);
      expect(owner.json().message).toMatch(TOO_MANY_FAILURES);
    } finally {
      await after.close();
    }
  });
});

describeTwoInstances("throttles on two instances of one PostgreSQL", (instances) => {
  it("shares one count: failures on either instance add up", async () => {
    const [first, second] = instances();
    const { body } = await register(first);
    for (let i = 0; i < 5; i += 1) expect((await guess(i % 2 === 0 ? first : second, String(body.username), "wrong-guess", "10.81.0.1")).statusCode).toBe(401);
    for (const instance of [first, second]) {
      const owner = await guess(instance, String(body.username), String(body.password), "10.81.0.2");
      expect(owner.statusCode).toBe(429);
      expect(owner.json().message).toMatch(TOO_MANY_FAILURES);
    }
  });

  it("checks at most 5 of 200 parallel guesses spread over both instances", async () => {
    const [first, second] = instances();
    const { body } = await register(first);
    verified.count = 0;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => guess(i % 2 === 0 ? first : second, String(body.username), `wrong-guess-${i}`, `10.82.${i >> 8}.${i & 255}`)),
    );
    expect(verified.count).toBeLessThanOrEqual(5);
    expect(statuses(answers)[401] ?? 0).toBeLessThanOrEqual(5);
  });
});
