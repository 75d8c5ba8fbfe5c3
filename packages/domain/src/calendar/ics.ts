// iCalendar (RFC 5545) text for a private calendar feed. Events say only that there is a
// session at the clinic: no names, no reasons, nothing about health. A weekly series is one event
// with its rule (RRULE), the occurrences it has no session for (EXDATE) and the sessions moved off
// their occurrence (an event of the same UID with RECURRENCE-ID), so a calendar app shows it as a
// series and follows each change of it.
import { vtimezoneLines, zonedTimeText } from "./vtimezone";

export interface FeedEvent {
  id: number;
  startTime: string;
  endTime: string;
  cancelled: boolean;
  /** Its SEQUENCE (appointmentEventSequence), so a calendar takes the newest. */
  sequence: number;
}

/** A weekly series, as the feed carries it. */
export interface FeedSeries {
  id: number;
  timeZone: string;
  /** The first occurrence's start and end (instants). */
  firstStart: string;
  firstEnd: string;
  /** RRULE's value, as the series keeps it. */
  rule: string;
  /** Occurrences (instants) with no session: skipped at booking, or cancelled. */
  excluded: string[];
  /** Sessions moved off their occurrence. */
  moved: { occurrence: string; startTime: string; endTime: string }[];
  /** Its SEQUENCE: rises with each change of the series or of any of its sessions. */
  sequence: number;
  /** The years its occurrences span, for the zone's definition. */
  years: { from: number; to: number };
}

/** A series' event UID: one event for the whole series. */
export function seriesEventUid(seriesId: number): string {
  return `series-${seriesId}@halcyon`;
}

/** An appointment's event UID, the same in the feed and in every notice's .ics, so calendar apps keep one event per appointment. */
export function appointmentEventUid(appointmentId: number): string {
  return `appointment-${appointmentId}@halcyon`;
}

/**
 * An appointment event's SEQUENCE at a change: the seconds since it was booked, so every later
 * change (a reschedule, then a cancellation) carries a larger one without a counter to keep.
 */
export function appointmentEventSequence(createdAt: string, changedAt: string): number {
  return Math.max(0, Math.floor((Date.parse(changedAt) - Date.parse(createdAt)) / 1000));
}

function icsInstant(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

function escapeText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 §3.1). */
function fold(line: string): string {
  const parts: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 75;
    while (Buffer.byteLength(rest.slice(0, cut)) > 75) cut -= 1;
    parts.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  parts.push(rest);
  return parts.join("\r\n");
}

/** A calendar app's own alarm at each of the clinic's reminder lead times, on what is still to happen. */
function alarms(event: Pick<FeedEvent, "cancelled">, alarmLeadHours: readonly number[]): string[] {
  if (event.cancelled) return [];
  return alarmLeadHours.flatMap((hours) => ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Appointment reminder", `TRIGGER:-PT${hours}H`, "END:VALARM"]);
}

/** The lines every event of the feed shares: what it is called, where, and how sure. */
function eventBody(title: string, clinicName: string, cancelled: boolean, sequence: number): string[] {
  return [
    `SUMMARY:${escapeText(title)}`,
    `LOCATION:${escapeText(clinicName)}`,
    `STATUS:${cancelled ? "CANCELLED" : "CONFIRMED"}`,
    `SEQUENCE:${sequence}`,
    "TRANSP:OPAQUE",
  ];
}

function seriesLines(series: FeedSeries, stamp: string, title: string, clinicName: string, alarmLeadHours: readonly number[]): string[] {
  const zoned = (iso: string) => zonedTimeText(new Date(iso), series.timeZone);
  const tzid = `TZID=${series.timeZone}`;
  const uid = `UID:${seriesEventUid(series.id)}`;
  const reminders = alarms({ cancelled: false }, alarmLeadHours);
  return [
    "BEGIN:VEVENT",
    uid,
    `DTSTAMP:${stamp}`,
    `DTSTART;${tzid}:${zoned(series.firstStart)}`,
    `DTEND;${tzid}:${zoned(series.firstEnd)}`,
    `RRULE:${series.rule}`,
    ...(series.excluded.length > 0 ? [`EXDATE;${tzid}:${series.excluded.map(zoned).join(",")}`] : []),
    ...eventBody(title, clinicName, false, series.sequence),
    ...reminders,
    "END:VEVENT",
    ...series.moved.flatMap((session) => [
      "BEGIN:VEVENT",
      uid,
      `DTSTAMP:${stamp}`,
      `RECURRENCE-ID;${tzid}:${zoned(session.occurrence)}`,
      `DTSTART:${icsInstant(session.startTime)}`,
      `DTEND:${icsInstant(session.endTime)}`,
      ...eventBody(title, clinicName, false, series.sequence),
      ...reminders,
      "END:VEVENT",
    ]),
  ];
}

/** One definition of each zone the series are written in, spanning all their years. */
function timeZoneLines(series: readonly FeedSeries[]): string[] {
  const spans = new Map<string, { from: number; to: number }>();
  for (const { timeZone, years } of series) {
    const span = spans.get(timeZone);
    spans.set(timeZone, span ? { from: Math.min(span.from, years.from), to: Math.max(span.to, years.to) } : { ...years });
  }
  return [...spans].flatMap(([zone, { from, to }]) => vtimezoneLines(zone, from, to));
}

export function renderCalendar({
  clinicName,
  events,
  series = [],
  now,
  alarmLeadHours,
}: {
  clinicName: string;
  events: FeedEvent[];
  series?: FeedSeries[];
  now: Date;
  /** The clinic's reminder lead times, in hours. */
  alarmLeadHours: readonly number[];
}): string {
  const title = `Session at ${clinicName}`;
  const stamp = icsInstant(now.toISOString());
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(clinicName)}//Clinic calendar//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(clinicName)}`,
    "X-PUBLISHED-TTL:PT1H",
    ...timeZoneLines(series),
    ...events.flatMap((event) => [
      "BEGIN:VEVENT",
      `UID:${appointmentEventUid(event.id)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsInstant(event.startTime)}`,
      `DTEND:${icsInstant(event.endTime)}`,
      ...eventBody(title, clinicName, event.cancelled, event.sequence),
      ...alarms(event, alarmLeadHours),
      "END:VEVENT",
    ]),
    ...series.flatMap((one) => seriesLines(one, stamp, title, clinicName, alarmLeadHours)),
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
