// Where free session times come from: a doctor's weekly hours in the clinic's time zone, turned
// into real instants one day at a time. Slots are stepped in real time (not wall-clock time), so
// a day when the clocks change neither loses nor doubles an hour of sessions.
import { TZDate } from "@date-fns/tz";

export const SESSION_LENGTH_MS = 60 * 60 * 1000;

export interface WorkingPeriod {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** Minutes after local midnight. */
  startMinute: number;
  endMinute: number;
}

/** The clinic's default week: Monday to Friday, 09:00 to 17:00. */
export const CLINIC_DEFAULT_HOURS: WorkingPeriod[] = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 9 * 60, endMinute: 17 * 60 }));

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseCalendarDate(date: string): { year: number; month: number; day: number } | undefined {
  const match = CALENDAR_DATE.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

/** The weekday of a calendar date, whatever the time zone. */
export function weekdayOf(date: string): number {
  const parts = parseCalendarDate(date);
  if (!parts) throw new RangeError(`not a calendar date: ${date}`);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay();
}

/** The instant a wall-clock time on `date` happens in `timeZone` (the next existing one in a gap). */
export function zonedInstant(date: string, minuteOfDay: number, timeZone: string): Date {
  const parts = parseCalendarDate(date);
  if (!parts) throw new RangeError(`not a calendar date: ${date}`);
  return new Date(new TZDate(parts.year, parts.month - 1, parts.day, 0, minuteOfDay, 0, 0, timeZone).getTime());
}

/** The calendar date (YYYY-MM-DD) an instant falls on in `timeZone`. */
export function calendarDateIn(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

function isOnTheHour(instant: Date, timeZone: string): boolean {
  const local = new TZDate(instant.getTime(), timeZone);
  return local.getMinutes() === 0 && local.getSeconds() === 0 && local.getMilliseconds() === 0;
}

/**
 * Every session start a doctor's hours allow on `date`: on the hour in the clinic's time zone,
 * with the whole hour inside a working period.
 */
export function sessionStartsOn(date: string, hours: WorkingPeriod[], timeZone: string): Date[] {
  const weekday = weekdayOf(date);
  const periods = hours.filter((p) => p.weekday === weekday);
  const key = `${timeZone} ${date} ${periods.map((p) => `${p.startMinute}-${p.endMinute}`).join(",")}`;
  let starts = startsByDay.get(key);
  if (!starts) {
    starts = startsWithin(date, periods, timeZone);
    if (startsByDay.size >= STARTS_CACHE_LIMIT) startsByDay.clear();
    startsByDay.set(key, starts);
  }
  return starts.map((at) => new Date(at));
}

/**
 * Days already worked out (instants in ms). Every slots request and booking asks for one, mostly
 * the same few dates under the same hours, and placing wall-clock times in a time zone through
 * Intl is the costliest step of either; a zone's rules do not change while the server runs.
 */
const startsByDay = new Map<string, readonly number[]>();
const STARTS_CACHE_LIMIT = 1_000;

function startsWithin(date: string, periods: WorkingPeriod[], timeZone: string): number[] {
  const starts = new Set<number>();
  for (const period of periods) {
    const periodEnd = zonedInstant(date, period.endMinute, timeZone).getTime();
    let start = zonedInstant(date, period.startMinute, timeZone);
    // Start on the first full hour of the period.
    while (!isOnTheHour(start, timeZone) && start.getTime() < periodEnd) start = new Date(start.getTime() + 60_000);
    for (let at = start.getTime(); at + SESSION_LENGTH_MS <= periodEnd; at += SESSION_LENGTH_MS) starts.add(at);
  }
  return [...starts].sort((a, b) => a - b);
}

/** Whether a session may start at `instant` under these hours. */
export function isBookableStart(instant: Date, hours: WorkingPeriod[], timeZone: string): boolean {
  const date = calendarDateIn(instant, timeZone);
  return sessionStartsOn(date, hours, timeZone).some((start) => start.getTime() === instant.getTime());
}
