import { describe, expect, it } from "vitest";

import { calendarTitle } from "./calendar-title";

describe("calendar headings", () => {
  const anchor = new Date(2026, 10, 24);
  // Intl writes a range's dash between thin spaces.
  const dash = "\u2009–\u2009";
  it("names the month, the week's span or the day", () => {
    expect(calendarTitle("month", anchor)).toBe("November 2026");
    expect(calendarTitle("week", anchor)).toBe(`Nov 23${dash}29, 2026`);
    expect(calendarTitle("week", new Date(2026, 11, 30))).toBe(`Dec 28, 2026${dash}Jan 3, 2027`);
    expect(calendarTitle("day", anchor)).toBe("Tuesday, November 24, 2026");
  });
});
