import { describe, expect, it } from "vitest";

import { dayKey, formatClock, formatDayDivider, formatListTime, formatMoment } from "./message-time";

const zone = { timeZone: "America/New_York" };
// Thursday 15 January 2026, 3:00 PM in New York.
const now = new Date("2026-01-15T20:00:00.000Z");

describe("message times", () => {
  it("write the clock in the viewer's zone", () => {
    expect(formatClock("2026-01-15T19:05:00.000Z", zone)).toBe("2:05 PM");
    expect(formatMoment("2026-01-15T19:05:00.000Z", zone)).toBe("Thursday, January 15, 2026 at 2:05 PM");
  });

  it("group by the viewer's calendar day, not UTC's", () => {
    // 11:30 PM on the 14th in New York is already the 15th in UTC.
    expect(dayKey("2026-01-15T04:30:00.000Z", zone)).toBe("2026-01-14");
    expect(dayKey("2026-01-15T05:30:00.000Z", zone)).toBe("2026-01-15");
  });

  it("name recent days in the conversation list, and dates further back", () => {
    expect(formatListTime("2026-01-15T14:00:00.000Z", now, zone)).toBe("9:00 AM");
    expect(formatListTime("2026-01-15T04:30:00.000Z", now, zone)).toBe("Yesterday");
    expect(formatListTime("2026-01-12T15:00:00.000Z", now, zone)).toBe("Mon");
    expect(formatListTime("2026-01-02T15:00:00.000Z", now, zone)).toBe("Jan 2");
    expect(formatListTime("2025-12-02T15:00:00.000Z", now, zone)).toBe("Dec 2, 2025");
  });

  it("divide a conversation by day", () => {
    expect(formatDayDivider("2026-01-15T14:00:00.000Z", now, zone)).toBe("Today");
    expect(formatDayDivider("2026-01-14T14:00:00.000Z", now, zone)).toBe("Yesterday");
    expect(formatDayDivider("2026-01-12T14:00:00.000Z", now, zone)).toBe("Monday, January 12");
    expect(formatDayDivider("2025-06-12T14:00:00.000Z", now, zone)).toBe("Thursday, June 12, 2025");
  });
});
