import type { SeriesPreview } from "@halcyon/domain/schemas";
import { describe, expect, it } from "vitest";

import { seriesExceptions, seriesRequest, sessionsBooked } from "./series-form";

const preview: SeriesPreview = {
  timeZone: "America/New_York",
  rule: "FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;COUNT=3",
  occurrences: [
    { occurrence: "2027-01-05T20:00:00.000Z", date: "2027-01-05", problem: null },
    { occurrence: "2027-01-12T20:00:00.000Z", date: "2027-01-12", problem: "doctor_busy" },
    { occurrence: "2027-01-19T20:00:00.000Z", date: "2027-01-19", problem: "outside_hours" },
  ],
};

describe("a weekly series in the booking form", () => {
  it("ends after 2 to 52 sessions or on a date", () => {
    expect(seriesRequest("2027-01-05T20:00:00.000Z", 2, { kind: "count", count: "10" })).toEqual({
      ok: true,
      request: { firstStart: "2027-01-05T20:00:00.000Z", intervalWeeks: 2, count: 10 },
    });
    expect(seriesRequest("2027-01-05T20:00:00.000Z", 1, { kind: "count", count: "53" })).toEqual({ ok: false, message: "A series has 2 to 52 sessions." });
    expect(seriesRequest("2027-01-05T20:00:00.000Z", 1, { kind: "count", count: "" })).toMatchObject({ ok: false });
    expect(seriesRequest("2027-01-05T20:00:00.000Z", 4, { kind: "until", untilDate: "2027-06-01" })).toMatchObject({
      ok: true,
      request: { untilDate: "2027-06-01" },
    });
    expect(seriesRequest("2027-01-05T20:00:00.000Z", 4, { kind: "until", untilDate: "" })).toMatchObject({ ok: false });
  });

  it("skips each taken date unless another time is picked for it", () => {
    expect(seriesExceptions(preview, {})).toEqual({
      ok: true,
      exceptions: [
        { occurrence: "2027-01-12T20:00:00.000Z", skip: true },
        { occurrence: "2027-01-19T20:00:00.000Z", skip: true },
      ],
    });
    expect(sessionsBooked(preview, {})).toBe(1);
    const moved = { "2027-01-19T20:00:00.000Z": { kind: "move" as const, startTime: "2027-01-19T15:00:00.000Z" } };
    expect(seriesExceptions(preview, moved)).toMatchObject({ ok: true, exceptions: [{ skip: true }, { moveTo: "2027-01-19T15:00:00.000Z" }] });
    expect(sessionsBooked(preview, moved)).toBe(2);
    // "Another time" without one picked is what is still missing.
    expect(seriesExceptions(preview, { "2027-01-12T20:00:00.000Z": { kind: "move", startTime: undefined } })).toEqual({ ok: false, date: "2027-01-12" });
  });
});
