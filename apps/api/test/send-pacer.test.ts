import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SendPacer } from "../src/notices/send-pacer";

describe("the send pacer", () => {
  beforeEach(() => void vi.useFakeTimers({ toFake: ["setTimeout", "performance"] }));
  afterEach(() => void vi.useRealTimers());

  it("starts a burst's sends one interval apart, the first at once, and holds nothing back after a quiet spell", async () => {
    const pacer = new SendPacer(20);
    const asked = performance.now();
    const started: number[] = [];
    const burst = Promise.all(Array.from({ length: 8 }, () => pacer.turn().then(() => started.push(performance.now() - asked))));
    await vi.runAllTimersAsync();
    await burst;
    // 20 a second: 50 ms apart.
    expect(started).toEqual([0, 50, 100, 150, 200, 250, 300, 350]);

    await vi.advanceTimersByTimeAsync(1_000);
    const later = performance.now();
    let sent = false;
    void pacer.turn().then(() => (sent = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toBe(true);
    expect(performance.now()).toBe(later);
  });
});
