import { describe, expect, it } from "vitest";

import { formatAgo, formatDayAndTime, formatTime, formatTimeRange, formatTimeUntil, zoneName, zonesDiffer } from "./time-format";

const TEN_AM_NEW_YORK = "2026-11-24T15:00:00.000Z";

describe("times in the viewer's zone, labelled when the clinic keeps another", () => {
  it("writes the time plainly when the viewer is in the clinic's zone", () => {
    expect(formatTime(TEN_AM_NEW_YORK, { timeZone: "America/New_York", clinicTimeZone: "America/New_York" })).toBe("10:00 AM");
  });

  it("adds the viewer's zone name when the clinic's differs", () => {
    expect(formatTime(TEN_AM_NEW_YORK, { timeZone: "America/Los_Angeles", clinicTimeZone: "America/New_York" })).toBe("7:00 AM PST");
    expect(formatTime(TEN_AM_NEW_YORK, { timeZone: "America/New_York", clinicTimeZone: "Europe/London" })).toBe("10:00 AM EST");
  });

  it("follows daylight saving in the name and the hour", () => {
    expect(formatTime("2026-07-14T14:00:00Z", { timeZone: "America/New_York", clinicTimeZone: "UTC" })).toBe("10:00 AM EDT");
    expect(zoneName(new Date("2026-07-14T14:00:00Z"), "America/New_York")).toBe("EDT");
  });

  it("does not label without a known clinic zone, nor for another name of the same zone", () => {
    expect(zonesDiffer(undefined, "America/New_York")).toBe(false);
    expect(zonesDiffer("America/New_York", "America/New_York")).toBe(false);
    expect(zonesDiffer("America/New_York", "America/Chicago")).toBe(true);
  });

  it("writes ranges with both ends and one label", () => {
    expect(formatTimeRange(TEN_AM_NEW_YORK, "2026-11-24T16:00:00Z", { timeZone: "America/New_York" })).toBe("10:00 AM – 11:00 AM");
    expect(formatTimeRange(TEN_AM_NEW_YORK, "2026-11-24T16:00:00Z", { timeZone: "UTC", clinicTimeZone: "America/New_York" })).toBe("3:00 PM – 4:00 PM UTC");
  });

  it("writes a day and a time, with the year only when it is not this year's", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    expect(formatDayAndTime(TEN_AM_NEW_YORK, { timeZone: "America/New_York", now })).toBe("Tuesday, November 24 at 10:00 AM");
    expect(formatDayAndTime("2027-01-05T15:00:00Z", { timeZone: "America/New_York", now })).toBe("Tuesday, January 5, 2027 at 10:00 AM");
  });

  it("says how long ago and how long until, in words", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    expect(formatAgo("2026-11-22T11:59:40Z", now)).toBe("just now");
    expect(formatAgo("2026-11-22T11:40:00Z", now)).toBe("20 minutes ago");
    expect(formatAgo("2026-11-22T09:00:00Z", now)).toBe("3 hours ago");
    expect(formatAgo("2026-11-21T12:00:00Z", now)).toBe("yesterday");
    expect(formatAgo("2026-11-01T12:00:00Z", now, { timeZone: "UTC" })).toBe("Nov 1, 2026");
    expect(formatTimeUntil("2026-11-22T12:20:00Z", now)).toBe("in 20 minutes");
    expect(formatTimeUntil("2026-11-25T12:00:00Z", now)).toBe("in 3 days");
  });
});
