import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  calendarDateIn,
  CLINIC_DEFAULT_HOURS,
  isBookableStart,
  SESSION_LENGTH_MS,
  sessionStartsOn,
  weekdayOf,
  type WorkingPeriod,
} from "../src/appointments/slots";

const NY = "America/New_York";
const localTime = (instant: Date, timeZone = NY) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(instant);

describe("session starts from working hours", () => {
  it("offers eight hour-long sessions on a clinic weekday, none at the weekend", () => {
    const monday = sessionStartsOn("2026-11-23", CLINIC_DEFAULT_HOURS, NY);
    expect(monday.map((d) => localTime(d))).toEqual(["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"]);
    expect(monday[0]?.toISOString()).toBe("2026-11-23T14:00:00.000Z");
    expect(sessionStartsOn("2026-11-22", CLINIC_DEFAULT_HOURS, NY)).toEqual([]);
  });

  it("keeps 09:00 local across the spring and autumn clock changes", () => {
    // New York moves to EDT on 2026-03-08 and back to EST on 2026-11-01.
    expect(sessionStartsOn("2026-03-06", CLINIC_DEFAULT_HOURS, NY)[0]?.toISOString()).toBe("2026-03-06T14:00:00.000Z");
    expect(sessionStartsOn("2026-03-09", CLINIC_DEFAULT_HOURS, NY)[0]?.toISOString()).toBe("2026-03-09T13:00:00.000Z");
    expect(sessionStartsOn("2026-10-30", CLINIC_DEFAULT_HOURS, NY)[0]?.toISOString()).toBe("2026-10-30T13:00:00.000Z");
    expect(sessionStartsOn("2026-11-02", CLINIC_DEFAULT_HOURS, NY)[0]?.toISOString()).toBe("2026-11-02T14:00:00.000Z");
  });

  it("neither loses nor doubles an hour on the night the clocks change", () => {
    const night: WorkingPeriod[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 6 * 60 }));
    const spring = sessionStartsOn("2026-03-08", night, NY);
    const autumn = sessionStartsOn("2026-11-01", night, NY);
    // 00:00–06:00 lasts five real hours in spring and seven in autumn.
    expect(spring.map((d) => localTime(d))).toEqual(["00:00", "01:00", "03:00", "04:00", "05:00"]);
    expect(autumn.map((d) => localTime(d))).toEqual(["00:00", "01:00", "01:00", "02:00", "03:00", "04:00", "05:00"]);
    for (const day of [spring, autumn]) {
      for (let i = 1; i < day.length; i += 1) expect(day[i]!.getTime() - day[i - 1]!.getTime()).toBe(SESSION_LENGTH_MS);
      expect(new Set(day.map((d) => d.getTime())).size).toBe(day.length);
    }
  });

  it("starts on the first full hour of a period that begins at half past", () => {
    const hours: WorkingPeriod[] = [{ weekday: 1, startMinute: 9 * 60 + 30, endMinute: 12 * 60 + 30 }];
    expect(sessionStartsOn("2026-11-23", hours, NY).map((d) => localTime(d))).toEqual(["10:00", "11:00"]);
  });

  it("accepts exactly the offered starts as bookable", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 11, 31) }),
        fc.constantFrom(NY, "Europe/London", "Asia/Kolkata", "Australia/Sydney", "UTC"),
        (ms, zone) => {
          const instant = new Date(Math.floor(ms / 60_000) * 60_000);
          const offered = sessionStartsOn(calendarDateIn(instant, zone), CLINIC_DEFAULT_HOURS, zone);
          const expected = offered.some((d) => d.getTime() === instant.getTime());
          expect(isBookableStart(instant, CLINIC_DEFAULT_HOURS, zone)).toBe(expected);
          for (const start of offered) expect(isBookableStart(start, CLINIC_DEFAULT_HOURS, zone)).toBe(true);
        },
      ),
    );
  });

  it("reads weekdays and dates in the clinic's zone", () => {
    expect(weekdayOf("2026-11-22")).toBe(0);
    // 03:00 UTC on the 23rd is still the 22nd in New York.
    expect(calendarDateIn(new Date("2026-11-23T03:00:00Z"), NY)).toBe("2026-11-22");
  });
});
