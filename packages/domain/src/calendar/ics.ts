// iCalendar (RFC 5545) text for a private calendar feed. Events say only that there is a
// session at the clinic: no names, no reasons, nothing about health.
export interface FeedEvent {
  id: number;
  startTime: string;
  endTime: string;
  cancelled: boolean;
  /** Its SEQUENCE (appointmentEventSequence), so a calendar takes the newest. */
  sequence: number;
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
function alarms(event: FeedEvent, alarmLeadHours: readonly number[]): string[] {
  if (event.cancelled) return [];
  return alarmLeadHours.flatMap((hours) => ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Appointment reminder", `TRIGGER:-PT${hours}H`, "END:VALARM"]);
}

export function renderCalendar({
  clinicName,
  events,
  now,
  alarmLeadHours,
}: {
  clinicName: string;
  events: FeedEvent[];
  now: Date;
  /** The clinic's reminder lead times, in hours. */
  alarmLeadHours: readonly number[];
}): string {
  const title = `Session at ${clinicName}`;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(clinicName)}//Clinic calendar//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(clinicName)}`,
    "X-PUBLISHED-TTL:PT1H",
    ...events.flatMap((event) => [
      "BEGIN:VEVENT",
      `UID:${appointmentEventUid(event.id)}`,
      `DTSTAMP:${icsInstant(now.toISOString())}`,
      `DTSTART:${icsInstant(event.startTime)}`,
      `DTEND:${icsInstant(event.endTime)}`,
      `SUMMARY:${escapeText(title)}`,
      `LOCATION:${escapeText(clinicName)}`,
      `STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
      `SEQUENCE:${event.sequence}`,
      "TRANSP:OPAQUE",
      ...alarms(event, alarmLeadHours),
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
