// The night a card collection belongs to is the clinic's date, from its collection hour on, in its
// own zone (computed with @date-fns/tz, never by adding hours): across a change of clocks too.
import { describe, expect, it } from "vitest";
import { collectionNight, COLLECTION_HOUR } from "../src/index";

describe("collectionNight", () => {
  it("is the clinic's date from the collection hour on, and nothing before it", () => {
    expect(COLLECTION_HOUR).toBe(2);
    // 01:59 and 02:00 in New York (UTC−5 in January).
    expect(collectionNight(new Date("2031-01-15T06:59:00.000Z"), "America/New_York")).toBeNull();
    expect(collectionNight(new Date("2031-01-15T07:00:00.000Z"), "America/New_York")).toBe("2031-01-15");
    // 23:30 in New York is still the 15th there, though it is the 16th in UTC.
    expect(collectionNight(new Date("2031-01-16T04:30:00.000Z"), "America/New_York")).toBe("2031-01-15");
    // The same instant in Sydney is already the 16th, past 02:00.
    expect(collectionNight(new Date("2031-01-16T04:30:00.000Z"), "Australia/Sydney")).toBe("2031-01-16");
  });

  it("follows the clinic's clock across a change of clocks", () => {
    // 9 March 2031: New York springs forward at 02:00 (to 03:00, UTC−4); 02:00 local never happens.
    expect(collectionNight(new Date("2031-03-09T06:59:00.000Z"), "America/New_York")).toBeNull();
    expect(collectionNight(new Date("2031-03-09T07:00:00.000Z"), "America/New_York")).toBe("2031-03-09");
    // 2 November 2031: New York falls back at 02:00 (to 01:00, UTC−5): the first 01:30 and the second are both before the hour.
    expect(collectionNight(new Date("2031-11-02T05:30:00.000Z"), "America/New_York")).toBeNull();
    expect(collectionNight(new Date("2031-11-02T06:30:00.000Z"), "America/New_York")).toBeNull();
    expect(collectionNight(new Date("2031-11-02T07:00:00.000Z"), "America/New_York")).toBe("2031-11-02");
  });
});
