// The one stored form of an instant: UTC, as Date#toISOString() writes it
// (YYYY-MM-DDTHH:mm:ss.sssZ). SQLite compares instants as text and refuses any other form
// (migration 2026-11-24T1100-canonical-instants). A zoned date (TZDate) writes its own offset
// from toISOString(), so instants are made from the moment, never from such a date's text.
export function storedInstant(moment: Date | number): string {
  return new Date(typeof moment === "number" ? moment : moment.getTime()).toISOString();
}
