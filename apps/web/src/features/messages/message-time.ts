// How the messages screen writes times: in the viewer's own time zone, like a phone would.
import { dateTimeFormat } from "../../lib/date-time-format";

const LOCALE = "en-US";

type Zone = { timeZone?: string | undefined };

const inZone = (options: Intl.DateTimeFormatOptions, { timeZone }: Zone): Intl.DateTimeFormatOptions => (timeZone ? { ...options, timeZone } : options);

function format(instant: string | Date, options: Intl.DateTimeFormatOptions, zone: Zone): string {
  return dateTimeFormat(LOCALE, inZone(options, zone)).format(new Date(instant));
}

/** The calendar day of an instant in the zone, as "2026-01-15": messages are grouped by it. */
export function dayKey(instant: string | Date, zone: Zone = {}): string {
  const parts = dateTimeFormat("en-CA", inZone({ year: "numeric", month: "2-digit", day: "2-digit" }, zone)).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** Whole calendar days from the instant's day to now's day (0 today, 1 yesterday). */
function daysAgo(instant: string | Date, now: Date, zone: Zone): number {
  const toUtcDay = (key: string) => Date.UTC(Number(key.slice(0, 4)), Number(key.slice(5, 7)) - 1, Number(key.slice(8, 10)));
  return Math.round((toUtcDay(dayKey(now, zone)) - toUtcDay(dayKey(instant, zone))) / 86_400_000);
}

const sameYear = (instant: string | Date, now: Date, zone: Zone) => dayKey(instant, zone).slice(0, 4) === dayKey(now, zone).slice(0, 4);

/** "2:05 PM": beside every message. */
export function formatClock(instant: string | Date, zone: Zone = {}): string {
  return format(instant, { hour: "numeric", minute: "2-digit" }, zone);
}

/** "Thursday, January 15, 2026 at 2:05 PM": the full moment, for a tooltip. */
export function formatMoment(instant: string | Date, zone: Zone = {}): string {
  return format(instant, { weekday: "long", month: "long", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" }, zone);
}

/** The conversation list's time: "2:05 PM" today, then "Yesterday", a weekday this week, "Jan 3", "Jan 3, 2025". */
export function formatListTime(instant: string | Date, now: Date = new Date(), zone: Zone = {}): string {
  const days = daysAgo(instant, now, zone);
  if (days <= 0) return formatClock(instant, zone);
  if (days === 1) return "Yesterday";
  if (days < 7) return format(instant, { weekday: "short" }, zone);
  return format(instant, { month: "short", day: "numeric", ...(sameYear(instant, now, zone) ? {} : { year: "numeric" }) }, zone);
}

/** The line between days in a conversation: "Today", "Yesterday", "Monday, January 12" (with the year when not this one). */
export function formatDayDivider(instant: string | Date, now: Date = new Date(), zone: Zone = {}): string {
  const days = daysAgo(instant, now, zone);
  if (days <= 0) return "Today";
  if (days === 1) return "Yesterday";
  return format(instant, { weekday: "long", month: "long", day: "numeric", ...(sameYear(instant, now, zone) ? {} : { year: "numeric" }) }, zone);
}
