// When a session's video room is open. Plain values, without zod, so that a page can read them
// through the browser's zod-free entry (rules.ts).

/** An appointment's room opens this long before the session starts… */
export const VISIT_OPENS_BEFORE_MS = 15 * 60_000;
/** …and closes this long after its scheduled end (or when the doctor ends the visit). */
export const VISIT_CLOSES_AFTER_MS = 30 * 60_000;
