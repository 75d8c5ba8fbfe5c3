// The VTIMEZONE a feed needs for the zone its series are written in (RFC 5545 §3.6.5): a series'
// DTSTART, EXDATE and RECURRENCE-ID are clock times in the clinic's zone, so that a calendar app
// repeats 15:00 as 15:00 across a daylight-saving change, and the zone's definition travels with
// them. Its changes come from the zone database (tzScan); each is written as its own onset.
import { tzOffset, tzScan } from "@date-fns/tz";

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
}

/** An instant's clock time under `offsetMinutes`, as iCalendar writes a local time (YYYYMMDDTHHMMSS). */
export function localTimeText(instant: Date, offsetMinutes: number): string {
  return new Date(instant.getTime() + offsetMinutes * 60_000)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "");
}

/** An instant's clock time in `timeZone`, as iCalendar writes it after TZID=. */
export function zonedTimeText(instant: Date, timeZone: string): string {
  return localTimeText(instant, tzOffset(timeZone, instant));
}

/** The zone's definition for the years `from` to `to` (inclusive). */
export function vtimezoneLines(timeZone: string, from: number, to: number): string[] {
  const start = new Date(Date.UTC(from, 0, 1));
  const changes = tzScan(timeZone, { start, end: new Date(Date.UTC(to + 1, 0, 1)) });
  // The offset a year is mostly in is taken as standard time; the other is daylight time.
  const offsets = [tzOffset(timeZone, start), ...changes.map((change) => change.offset)];
  const standard = Math.min(...offsets);
  const onset = (at: Date, offsetFrom: number, offsetTo: number) => {
    const kind = offsetTo > standard ? "DAYLIGHT" : "STANDARD";
    return [
      `BEGIN:${kind}`,
      `DTSTART:${localTimeText(at, offsetFrom)}`,
      `TZOFFSETFROM:${offsetText(offsetFrom)}`,
      `TZOFFSETTO:${offsetText(offsetTo)}`,
      `END:${kind}`,
    ];
  };
  let before = offsets[0]!;
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`, ...onset(start, before, before)];
  for (const change of changes) {
    lines.push(...onset(change.date, before, change.offset));
    before = change.offset;
  }
  lines.push("END:VTIMEZONE");
  return lines;
}
