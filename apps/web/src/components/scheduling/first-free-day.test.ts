import { describe, expect, it } from "vitest";

import { fromDateKey } from "../../lib/calendar-dates";
import { firstFreeDay } from "./first-free-day";

describe("the day a picker opens on", () => {
  const from = fromDateKey("2026-11-27"); // a Friday

  it("is the first day with a free time, asking no further", async () => {
    const asked: string[] = [];
    const free = new Set(["2026-11-30", "2026-12-01"]);
    const day = await firstFreeDay(from, fromDateKey("2026-12-31"), async (key) => {
      asked.push(key);
      return free.has(key);
    });
    expect(day).toBe("2026-11-30");
    expect(asked).toEqual(["2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30"]);
  });

  it("is today when today has a time", async () => {
    expect(await firstFreeDay(from, fromDateKey("2026-12-31"), async () => true)).toBe("2026-11-27");
  });

  it("is none when the whole range is full", async () => {
    expect(await firstFreeDay(from, fromDateKey("2026-12-02"), async () => false)).toBeUndefined();
  });
});
