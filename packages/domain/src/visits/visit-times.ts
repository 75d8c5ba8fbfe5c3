// When a video room is open, and why it closed. Plain values, without zod, so that a page can read
// them through the browser's zod-free entry (rules.ts).

/** An appointment's room opens this long before the session starts… */
export const VISIT_OPENS_BEFORE_MS = 15 * 60_000;
/** …and closes this long after its scheduled end (or when the doctor ends the visit). */
export const VISIT_CLOSES_AFTER_MS = 30 * 60_000;
/** An instant visit's room closes this long after the doctor starts it, if they have not ended it. */
export const INSTANT_VISIT_MS = 2 * 60 * 60_000;

/** Why a room is closed for good: what justified it is gone, or its time is up. */
export const ROOM_CLOSURES = ["ended_by_doctor", "time_up", "appointment_cancelled", "appointment_closed", "care_ended"] as const;
export type RoomClosure = (typeof ROOM_CLOSURES)[number];

/**
 * Why the server ended a call in progress, as the room's `visit_end` frame says: its room closed
 * (the session was cancelled, completed or marked a no-show; the care it belonged to ended), or it
 * moved with its rescheduled session.
 */
export type CallEndReason = "appointment_cancelled" | "appointment_closed" | "care_ended" | "appointment_moved";

/** Why a room closed early, as a member is told it (on the room's page, and after "This visit has ended." in a refusal). */
export const ROOM_CLOSED_WHY: Partial<Record<RoomClosure, string>> = {
  appointment_cancelled: "The session was cancelled.",
  appointment_closed: "The session has been closed.",
  care_ended: "The care this visit belonged to has ended.",
};
