// How the app writes instants for people: always in the viewer's own time zone (the browser's),
// and, when that is not the clinic's, with the zone's short name after the time ("10:00 AM EST"),
// so nobody mistakes their time for the clinic's. The clinic's zone comes from the server.
import { dateTimeFormat } from "./date-time-format";

const LOCALE = "en-US";

/** The viewer's IANA time zone, as the browser reported it when the page loaded (a page keeps it until it reloads). */
export function viewerTimeZone(): string {
  return dateTimeFormat(LOCALE).resolvedOptions().timeZone;
}

/** The canonical name of a zone ("US/Eastern" → "America/New_York" where the browser knows it). */
function canonicalZone(timeZone: string): string {
  try {
    return dateTimeFormat(LOCALE, { timeZone }).resolvedOptions().timeZone;
  } catch {
    return timeZone;
  }
}

/** Whether times need a zone label: the clinic's zone is known and is not the viewer's. */
export function zonesDiffer(clinicTimeZone: string | undefined, viewerZone: string = viewerTimeZone()): boolean {
  if (!clinicTimeZone) return false;
  return canonicalZone(clinicTimeZone) !== canonicalZone(viewerZone);
}

export type TimeFormatOptions = {
  /** The clinic's IANA zone; when it differs from the viewer's, times carry the viewer's zone name. */
  clinicTimeZone?: string | undefined;
  /** The zone to write in; the viewer's unless a test says otherwise. */
  timeZone?: string | undefined;
};

function zoneOf(options: TimeFormatOptions): string {
  return options.timeZone ?? viewerTimeZone();
}

/** The zone's short name at that instant: "EST", "EDT", "GMT+11". */
export function zoneName(instant: Date, timeZone: string): string {
  const part = dateTimeFormat(LOCALE, { timeZone, timeZoneName: "short" })
    .formatToParts(instant)
    .find((candidate) => candidate.type === "timeZoneName");
  return part?.value ?? timeZone;
}

function toDate(instant: string | Date): Date {
  return typeof instant === "string" ? new Date(instant) : instant;
}

function clock(instant: Date, timeZone: string): string {
  return dateTimeFormat(LOCALE, { timeZone, hour: "numeric", minute: "2-digit" }).format(instant);
}

/** "10:00 AM", or "10:00 AM EST" when the viewer is not in the clinic's zone. */
export function formatTime(instant: string | Date, options: TimeFormatOptions = {}): string {
  const date = toDate(instant);
  const timeZone = zoneOf(options);
  const time = clock(date, timeZone);
  return zonesDiffer(options.clinicTimeZone, timeZone) ? `${time} ${zoneName(date, timeZone)}` : time;
}

/** "10:00 – 11:00 AM" style ranges are ambiguous around noon; this writes both ends in full. */
export function formatTimeRange(start: string | Date, end: string | Date, options: TimeFormatOptions = {}): string {
  const from = toDate(start);
  const to = toDate(end);
  const timeZone = zoneOf(options);
  const range = `${clock(from, timeZone)} – ${clock(to, timeZone)}`;
  return zonesDiffer(options.clinicTimeZone, timeZone) ? `${range} ${zoneName(from, timeZone)}` : range;
}

/** "Tuesday, November 24" (the year only when it is not this year's). */
export function formatLongDay(instant: string | Date, options: TimeFormatOptions & { now?: Date } = {}): string {
  const date = toDate(instant);
  const timeZone = zoneOf(options);
  const sameYear = yearIn(date, timeZone) === yearIn(options.now ?? new Date(), timeZone);
  return dateTimeFormat(LOCALE, {
    timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
    ...(sameYear ? {} : { year: "numeric" }),
  }).format(date);
}

/** "Tue, Nov 24". */
export function formatShortDay(instant: string | Date, options: TimeFormatOptions = {}): string {
  return dateTimeFormat(LOCALE, { timeZone: zoneOf(options), weekday: "short", month: "short", day: "numeric" }).format(toDate(instant));
}

/** "Nov 24, 2026". */
export function formatDate(instant: string | Date, options: TimeFormatOptions = {}): string {
  return dateTimeFormat(LOCALE, { timeZone: zoneOf(options), month: "short", day: "numeric", year: "numeric" }).format(toDate(instant));
}

/** "Tuesday, November 24 at 10:00 AM" (with the zone when it differs from the clinic's). */
export function formatDayAndTime(instant: string | Date, options: TimeFormatOptions & { now?: Date } = {}): string {
  return `${formatLongDay(instant, options)} at ${formatTime(instant, options)}`;
}

function yearIn(date: Date, timeZone: string): string {
  return dateTimeFormat(LOCALE, { timeZone, year: "numeric" }).format(date);
}

/** The parts a date tile shows: "NOV", "24", "Tue". */
export function dateTileParts(instant: string | Date, options: TimeFormatOptions = {}): { month: string; day: string; weekday: string } {
  const date = toDate(instant);
  const timeZone = zoneOf(options);
  const part = (option: Intl.DateTimeFormatOptions) => dateTimeFormat(LOCALE, { timeZone, ...option }).format(date);
  return { month: part({ month: "short" }), day: part({ day: "numeric" }), weekday: part({ weekday: "short" }) };
}

/** A sentence-friendly distance to a future instant: "in 20 minutes", "in 3 hours", "in 2 days". */
export function formatTimeUntil(instant: string | Date, now: Date = new Date()): string {
  const minutes = Math.round((toDate(instant).getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return "now";
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `in ${hours} hour${hours === 1 ? "" : "s"}`;
  const days = Math.round(hours / 24);
  return `in ${days} days`;
}

/** "just now", "20 minutes ago", "3 hours ago", "yesterday", then the date: for activity feeds. */
export function formatAgo(instant: string | Date, now: Date = new Date(), options: TimeFormatOptions = {}): string {
  const date = toDate(instant);
  const minutes = Math.round((now.getTime() - date.getTime()) / 60_000);
  const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: "auto" });
  if (minutes < 1) return "just now";
  if (minutes < 60) return relative.format(-minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (hours < 24) return relative.format(-hours, "hour");
  const days = Math.round(hours / 24);
  if (days < 7) return relative.format(-days, "day");
  return formatDate(date, options);
}
