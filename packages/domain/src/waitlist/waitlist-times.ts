// Which hours suit whom, in the clinic's zone: a patient's days and times, and the hours a doctor's
// new working hours add. Clock times are read in the zone with @date-fns/tz, never by adding hours,
// so an offer at 18:00 stays 18:00 across a daylight-saving change.
import { TZDate } from "@date-fns/tz";
import type { WaitlistTimes } from "@halcyon/db";
import { SESSION_LENGTH_MS, sessionStartsOn, type WorkingPeriod } from "../appointments/slots";

/** Whether a session starting at `start` fits wholly inside one of the patient's times. */
export function suits(times: readonly WaitlistTimes[], start: Date, timeZone: string): boolean {
  const local = new TZDate(start.getTime(), timeZone);
  const minute = local.getHours() * 60 + local.getMinutes();
  const endMinute = minute + SESSION_LENGTH_MS / 60_000;
  return times.some((span) => span.weekday === local.getDay() && span.startMinute <= minute && endMinute <= span.endMinute);
}

/** The calendar date `days` after `date` (both YYYY-MM-DD): calendar arithmetic, no instants. */
export function addCalendarDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * The session starts that `after` allows and `before` did not, on the `days` calendar dates from
 * `fromDate` on, in time order: the hours a change of working hours adds.
 */
export function addedStarts(before: WorkingPeriod[], after: WorkingPeriod[], fromDate: string, days: number, timeZone: string): Date[] {
  const added: Date[] = [];
  for (let offset = 0; offset < days; offset += 1) {
    const date = addCalendarDays(fromDate, offset);
    const old = new Set(sessionStartsOn(date, before, timeZone).map((start) => start.getTime()));
    for (const start of sessionStartsOn(date, after, timeZone)) if (!old.has(start.getTime())) added.push(start);
  }
  return added;
}
