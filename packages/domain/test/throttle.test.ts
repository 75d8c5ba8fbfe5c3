import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Throttle } from "../src/auth/throttle";

describe("Throttle", () => {
  it("lets `limit` events through in a window, then asks to wait until the oldest leaves it", () => {
    const throttle = new Throttle({ limit: 3, windowMs: 60_000 });
    for (const at of [0, 10_000, 20_000]) {
      expect(throttle.retryAfterSeconds("k", at)).toBe(0);
      throttle.record("k", at);
    }
    expect(throttle.retryAfterSeconds("k", 30_000)).toBe(30);
    expect(throttle.retryAfterSeconds("other", 30_000)).toBe(0);
    expect(throttle.retryAfterSeconds("k", 60_001)).toBe(0);
  });

  it("never blocks anyone for longer than one window (no permanent lock-out)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3_600_000 }), { maxLength: 60 }), (times) => {
        const throttle = new Throttle({ limit: 5, windowMs: 900_000 });
        const sorted = [...times].sort((a, b) => a - b);
        for (const at of sorted) throttle.record("k", at);
        const last = sorted.at(-1) ?? 0;
        expect(throttle.retryAfterSeconds("k", last)).toBeLessThanOrEqual(900);
        expect(throttle.retryAfterSeconds("k", last + 900_000)).toBe(0);
      }),
    );
  });

  it("forgets a key on clear, and stays bounded in memory", () => {
    const throttle = new Throttle({ limit: 1, windowMs: 60_000 }, 10);
    throttle.record("k", 0);
    throttle.clear("k");
    expect(throttle.retryAfterSeconds("k", 1)).toBe(0);
    for (let i = 0; i < 100; i += 1) throttle.record(`key${i}`, 1);
    expect(throttle.retryAfterSeconds("key99", 2)).toBeGreaterThan(0);
    expect(throttle.retryAfterSeconds("key0", 2)).toBe(0);
  });
});
