// A series' occurrences, computed by a recurrence library (rrule), never by adding 7 × 24 hours.
// The rule runs on calendar dates alone (floating, as if the clinic's zone had no clock changes),
// and each date's clock time is then placed in the clinic's zone: 15:00 stays 15:00 on both
// sides of a daylight-saving change, whatever the zone.
import { TZDate } from "@date-fns/tz";
import * as rrule from "rrule";
import type { RRule as Rule, Weekday } from "rrule";
import { SERIES_MAX, type SERIES_INTERVAL_WEEKS } from "./series.schema";
import { calendarDateIn, parseCalendarDate, weekdayOf, zonedInstant } from "../appointments/slots";

// rrule ships a CommonJS bundle ("main", no "exports") beside an ES module build ("module"):
// bundlers take the ES build, whose exports are named; Node's own loader (the browser tests load
// the domain through it) takes the CommonJS one, whose names it cannot see, under `default`.
const { RRule } = "RRule" in rrule ? rrule : (rrule as unknown as { default: typeof rrule }).default;

export type SeriesInterval = (typeof SERIES_INTERVAL_WEEKS)[number];

export interface SeriesShape {
  /** The first occurrence's date (YYYY-MM-DD in timeZone); its weekday is every occurrence's. */
  firstDate: string;
  /** The clock time of every occurrence, in minutes after midnight in timeZone. */
  clockMinute: number;
  intervalWeeks: SeriesInterval;
  timeZone: string;
  /** Either the last date (inclusive) or the number of occurrences. */
  end: { untilDate: string } | { occurrences: number };
}

export interface Occurrence {
  /** Its position in the series, from 0. */
  index: number;
  /** Its calendar date in the series' zone. */
  date: string;
  /** The instant it starts. */
  start: Date;
}

// rrule's weekdays by getUTCDay() (0 = Sunday).
const WEEKDAYS: readonly Weekday[] = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA];

function floatingDate(date: string): Date {
  const parts = parseCalendarDate(date);
  if (!parts) throw new RangeError(`not a calendar date: ${date}`);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day));
}

function floatingRule(shape: SeriesShape): Rule {
  return new RRule({
    freq: RRule.WEEKLY,
    interval: shape.intervalWeeks,
    byweekday: [WEEKDAYS[weekdayOf(shape.firstDate)]!],
    dtstart: floatingDate(shape.firstDate),
    ...("occurrences" in shape.end ? { count: shape.end.occurrences } : { until: floatingDate(shape.end.untilDate) }),
  });
}

/**
 * The series' occurrences, at most `limit` of them (one past the maximum by default, so that a
 * caller can tell a series that is too long).
 */
export function occurrencesOf(shape: SeriesShape, limit = SERIES_MAX + 1): Occurrence[] {
  const dates = floatingRule(shape).all((_, index) => index < limit);
  return dates.map((floating, index) => {
    const date = floating.toISOString().slice(0, 10);
    return { index, date, start: zonedInstant(date, shape.clockMinute, shape.timeZone) };
  });
}

/**
 * The RRULE a calendar app is given (with DTSTART in the series' zone): a count, or UNTIL as the
 * last occurrence's instant in UTC, as RFC 5545 asks when DTSTART names a zone.
 */
export function ruleText(shape: SeriesShape, occurrences: readonly Occurrence[]): string {
  const last = occurrences.at(-1);
  const text = RRule.optionsToString({
    freq: RRule.WEEKLY,
    interval: shape.intervalWeeks,
    byweekday: [WEEKDAYS[weekdayOf(shape.firstDate)]!],
    ...("occurrences" in shape.end || !last ? { count: occurrences.length } : { until: last.start }),
  });
  return text.replace(/^RRULE:/, "");
}

/** Minutes after midnight of an instant's clock time in `timeZone`. */
export function clockMinuteOf(instant: Date, timeZone: string): number {
  const local = new TZDate(instant.getTime(), timeZone);
  return local.getHours() * 60 + local.getMinutes();
}

/** The shape of a series whose first occurrence starts at `firstStart`. */
export function shapeFrom(firstStart: Date, timeZone: string, intervalWeeks: SeriesInterval, end: SeriesShape["end"]): SeriesShape {
  return { firstDate: calendarDateIn(firstStart, timeZone), clockMinute: clockMinuteOf(firstStart, timeZone), intervalWeeks, timeZone, end };
}

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const moved = floatingDate(date);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((floatingDate(to).getTime() - floatingDate(from).getTime()) / 86_400_000);
}
