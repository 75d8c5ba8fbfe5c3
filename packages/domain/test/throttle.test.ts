import { describeEachDatabase } from "@halcyon/db/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countAttempt, InFlightLimit, purgeExpiredAttempts, refundAttempt, type ThrottleRule } from "../src/auth/throttle";

const RULE: ThrottleRule = { scope: "test", limit: 3, windowMs: 60_000 };
let keys = 0;
/** A key no other test counts under. */
const aKey = () => `key${(keys += 1)}`;

describeEachDatabase("database throttles", (database) => {
  let clock = Date.parse("2026-11-24T12:00:00.000Z");
  const services = () => ({ db: database().db, now: () => new Date(clock) });
  const at = (ms: number) => (clock = Date.parse("2026-11-24T12:00:00.000Z") + ms);

  it("lets `limit` attempts through in a window, then asks to wait until the oldest leaves it", async () => {
    const key = aKey();
    for (const ms of [0, 10_000, 20_000]) {
      at(ms);
      expect((await countAttempt(services(), [{ rule: RULE, key }])).admitted).toBe(true);
    }
    at(30_000);
    expect(await countAttempt(services(), [{ rule: RULE, key }])).toEqual({ admitted: false, retryAfterSeconds: 30 });
    expect((await countAttempt(services(), [{ rule: RULE, key: aKey() }])).admitted).toBe(true);
    // The refused attempt did not count: the window slides on from the oldest admitted one.
    at(60_001);
    expect((await countAttempt(services(), [{ rule: RULE, key }])).admitted).toBe(true);
  });

  it("admits at most `limit` of 200 attempts racing on one key, and the turned-away leave no trace", async () => {
    at(0);
    const key = aKey();
    const answers = await Promise.all(Array.from({ length: 200 }, () => countAttempt(services(), [{ rule: RULE, key }])));
    const admitted = answers.filter((answer) => answer.admitted).length;
    expect(admitted).toBeLessThanOrEqual(RULE.limit);
    for (const answer of answers) if (!answer.admitted) expect(answer.retryAfterSeconds).toBeLessThanOrEqual(60);
    // (Racing attempts may turn each other away: each counts the others' rows until they leave.)
    for (let i = admitted; i < RULE.limit; i += 1) expect((await countAttempt(services(), [{ rule: RULE, key }])).admitted).toBe(true);
    expect((await countAttempt(services(), [{ rule: RULE, key }])).admitted).toBe(false);
  });

  it("refuses an attempt when any of its keys is over, and counts it under none", async () => {
    at(0);
    const [full, other] = [aKey(), aKey()];
    for (let i = 0; i < RULE.limit; i += 1) await countAttempt(services(), [{ rule: RULE, key: full }]);
    const refused = await countAttempt(services(), [
      { rule: RULE, key: other },
      { rule: RULE, key: full },
    ]);
    expect(refused.admitted).toBe(false);
    for (let i = 0; i < RULE.limit; i += 1) expect((await countAttempt(services(), [{ rule: RULE, key: other }])).admitted).toBe(true);
  });

  it("takes a refunded attempt out of the count, and clears a key when asked", async () => {
    at(0);
    const [kept, cleared] = [aKey(), aKey()];
    const counted = [];
    for (let i = 0; i < RULE.limit; i += 1) {
      const answer = await countAttempt(services(), [
        { rule: RULE, key: kept },
        { rule: RULE, key: cleared },
      ]);
      if (!answer.admitted) throw new Error("expected room");
      counted.push(answer.attempt);
    }
    await refundAttempt(services().db, counted[0]!, [{ rule: RULE, key: cleared }]);
    expect((await countAttempt(services(), [{ rule: RULE, key: kept }])).admitted).toBe(true);
    expect((await countAttempt(services(), [{ rule: RULE, key: kept }])).admitted).toBe(false);
    for (let i = 0; i < RULE.limit; i += 1) expect((await countAttempt(services(), [{ rule: RULE, key: cleared }])).admitted).toBe(true);
  });

  it("never blocks anyone for longer than one window (no permanent lock-out)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 600_000 }), { maxLength: 12 }), async (times) => {
        const key = aKey();
        const sorted = [...times].sort((a, b) => a - b);
        for (const ms of sorted) {
          at(ms);
          const answer = await countAttempt(services(), [{ rule: RULE, key }]);
          if (!answer.admitted) expect(answer.retryAfterSeconds).toBeLessThanOrEqual(60);
        }
        at((sorted.at(-1) ?? 0) + RULE.windowMs);
        expect((await countAttempt(services(), [{ rule: RULE, key }])).admitted).toBe(true);
      }),
      { numRuns: 15 },
    );
  });

  it("purges attempts that have left every window, and only those", async () => {
    const key = aKey();
    at(0);
    await countAttempt(services(), [{ rule: RULE, key }]);
    at(50 * 60_000);
    await countAttempt(services(), [{ rule: RULE, key }]);
    at(65 * 60_000);
    expect(await purgeExpiredAttempts(services())).toBeGreaterThan(0);
    const left = await database().db.selectFrom("throttle_hits").select("at").where("key", "=", key).execute();
    expect(left.map((row) => row.at)).toEqual(["2026-11-24T12:50:00.000Z"]);
  });
});

describe("InFlightLimit", () => {
  it("gives `max` places per key at once and takes each back once", () => {
    const limit = new InFlightLimit(2);
    const first = limit.enter("a");
    const second = limit.enter("a");
    expect(first && second).toBeTruthy();
    expect(limit.enter("a")).toBeUndefined();
    expect(limit.enter("b")).toBeDefined();
    first?.();
    first?.();
    const third = limit.enter("a");
    expect(third).toBeDefined();
    expect(limit.enter("a")).toBeUndefined();
  });
});
