// iCalendar (RFC 5545) text for a private calendar feed. Events say only that there is a
// session at the clinic: no names, no reasons, nothing about health.
export interface FeedEvent {
  id: number;
  startTime: string;
  endTime: string;
  cancelled: boolean;
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

export function renderCalendar({ clinicName, events, now }: { clinicName: string; events: FeedEvent[]; now: Date }): string {
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
      `UID:appointment-${event.id}@halcyon`,
      `DTSTAMP:${icsInstant(now.toISOString())}`,
      `DTSTART:${icsInstant(event.startTime)}`,
      `DTEND:${icsInstant(event.endTime)}`,
      `SUMMARY:${escapeText(title)}`,
      `LOCATION:${escapeText(clinicName)}`,
      `STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
      "TRANSP:OPAQUE",
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
