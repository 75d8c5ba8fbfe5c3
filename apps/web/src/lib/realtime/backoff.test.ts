import { describe, expect, it } from "vitest";

import { reconnectDelay, RECONNECT_MAX_MS } from "./backoff";

const lowest = () => 0;
const highest = () => 0.999_999;

describe("reconnectDelay", () => {
  it("doubles from half a second to a 30-second ceiling", () => {
    const ceilings = Array.from({ length: 9 }, (_, attempt) => reconnectDelay(attempt, highest));
    expect(ceilings).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it("jitters each step between half and all of it", () => {
    expect(reconnectDelay(0, lowest)).toBe(250);
    expect(reconnectDelay(3, lowest)).toBe(2000);
    expect(reconnectDelay(20, lowest)).toBe(RECONNECT_MAX_MS / 2);
    for (let sample = 0; sample < 200; sample += 1) {
      const delay = reconnectDelay(4);
      expect(delay).toBeGreaterThanOrEqual(4000);
      expect(delay).toBeLessThanOrEqual(8000);
    }
  });

  it("never waits longer than the ceiling however long the outage", () => {
    expect(reconnectDelay(1_000, highest)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(-1, highest)).toBe(500);
  });
});
