// How every notice says when: in the addressee's own zone, with the zone named, so a member who
// travels or lives away from the clinic reads the time their own clock will show. One place, so
// every email and text says a time the same way; the formats are made once per zone, since a
// batch of reminders says thousands of times.
const formats = new Map<string, { long: Intl.DateTimeFormat; short: Intl.DateTimeFormat }>();

function formatsFor(timeZone: string) {
  let found = formats.get(timeZone);
  if (!found) {
    const time = { timeZone, month: "long", day: "numeric", hour: "numeric", minute: "2-digit" } as const;
    found = {
      long: new Intl.DateTimeFormat("en-US", { ...time, weekday: "long", year: "numeric", timeZoneName: "long" }),
      short: new Intl.DateTimeFormat("en-US", { ...time, weekday: "short", month: "short", timeZoneName: "short" }),
    };
    formats.set(timeZone, found);
  }
  return found;
}

/** "Tuesday, December 1, 2026 at 10:00 AM Eastern Standard Time": the member's own clock, its zone named. */
export function longWhen(instant: string | Date, timeZone: string): string {
  return formatsFor(timeZone).long.format(new Date(instant));
}

/** "Tue, Dec 1, 10:00 AM EST": short enough for a subject line or a text. */
export function shortWhen(instant: string | Date, timeZone: string): string {
  return formatsFor(timeZone).short.format(new Date(instant));
}
