import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { addDays, cellPreview, dateKey, fromDateKey, groupByDay, monthGrid, nextWeekday, startOfWeek, stepAnchor, viewRange, weekDays } from "./calendar-dates";

// A viewer in New York: 2026-11-01 is the day the clocks go back (25 hours long).
beforeAll(() => {
  vi.stubEnv("TZ", "America/New_York");
});
afterAll(() => {
  vi.unstubAllEnvs();
});

const at = (iso: string) => new Date(iso);

describe("calendar dates in the viewer's zone", () => {
  it("round-trips a local date", () => {
    expect(dateKey(fromDateKey("2026-11-24"))).toBe("2026-11-24");
    expect(fromDateKey("2026-11-24").getHours()).toBe(0);
  });

  it("weeks start on Monday", () => {
    expect(dateKey(startOfWeek(fromDateKey("2026-11-22")))).toBe("2026-11-16"); // a Sunday
    expect(dateKey(startOfWeek(fromDateKey("2026-11-23")))).toBe("2026-11-23"); // a Monday
  });

  it("a month grid is whole weeks from the week of the 1st to the week of the last day", () => {
    const weeks = monthGrid(fromDateKey("2026-11-15"));
    expect(weeks).toHaveLength(6);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(dateKey(weeks[0]![0]!)).toBe("2026-10-26");
    expect(dateKey(weeks.at(-1)!.at(-1)!)).toBe("2026-12-06");
    // February 2027 starts on a Monday and has exactly four weeks.
    expect(monthGrid(fromDateKey("2027-02-10"))).toHaveLength(4);
  });

  it("a week across the end of daylight saving still has seven days, each at local midnight", () => {
    const days = weekDays(fromDateKey("2026-10-29"));
    expect(days.map(dateKey)).toEqual(["2026-10-26", "2026-10-27", "2026-10-28", "2026-10-29", "2026-10-30", "2026-10-31", "2026-11-01"]);
    expect(days.every((day) => day.getHours() === 0 && day.getMinutes() === 0)).toBe(true);
    const { from, to } = viewRange("week", fromDateKey("2026-10-29"));
    // 7 × 24 hours plus the hour given back on 1 November: nothing lost, nothing doubled.
    expect((to.getTime() - from.getTime()) / 3_600_000).toBe(169);
    expect(dateKey(to)).toBe("2026-11-02");
  });

  it("the day of a spring change is 23 hours long", () => {
    const { from, to } = viewRange("day", fromDateKey("2027-03-14"));
    expect((to.getTime() - from.getTime()) / 3_600_000).toBe(23);
  });

  it("adding days keeps the local time of day across a change", () => {
    const evening = new Date(2026, 9, 31, 18, 30);
    const next = addDays(evening, 1);
    expect([dateKey(next), next.getHours(), next.getMinutes()]).toEqual(["2026-11-01", 18, 30]);
  });

  it("a month view reads its whole grid; stepping moves by a month, a week or a day", () => {
    const range = viewRange("month", fromDateKey("2026-11-22"));
    expect([dateKey(range.from), dateKey(range.to)]).toEqual(["2026-10-26", "2026-12-07"]);
    expect(dateKey(stepAnchor("month", fromDateKey("2026-01-31"), 1))).toBe("2026-02-01");
    expect(dateKey(stepAnchor("week", fromDateKey("2026-10-29"), 1))).toBe("2026-11-05");
    expect(dateKey(stepAnchor("day", fromDateKey("2026-11-01"), -1))).toBe("2026-10-31");
  });

  it("offers today for booking, or the Monday after on a weekend", () => {
    expect(dateKey(nextWeekday(at("2026-11-22T15:00:00Z")))).toBe("2026-11-23");
    expect(dateKey(nextWeekday(at("2026-11-24T15:00:00Z")))).toBe("2026-11-24");
  });

  it("groups sessions by the local day they start on, in start order", () => {
    const sessions = [
      { id: 2, startTime: "2026-11-24T20:00:00Z" },
      { id: 1, startTime: "2026-11-24T15:00:00Z" },
      // 01:00 UTC on the 25th is still the evening of the 24th in New York.
      { id: 3, startTime: "2026-11-25T01:00:00Z" },
      { id: 4, startTime: "2026-11-25T15:00:00Z" },
    ];
    const days = groupByDay(sessions);
    expect(days.get("2026-11-24")?.map((session) => session.id)).toEqual([1, 2, 3]);
    expect(days.get("2026-11-25")?.map((session) => session.id)).toEqual([4]);
  });

  it("a calendar cell shows two sessions, then '+N more'", () => {
    expect(cellPreview([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2], more: 3 });
    expect(cellPreview([1, 2])).toEqual({ shown: [1, 2], more: 0 });
    expect(cellPreview([])).toEqual({ shown: [], more: 0 });
  });
});
