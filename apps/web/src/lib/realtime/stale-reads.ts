import type { RealtimeNotice } from "./realtime-hub";

/** Groups of shared reads a notice makes stale. */
export type ReadGroup = "messaging" | "schedule" | "waitlist";

/**
 * What to read again after a notice: conversations and unread counts after anything about
 * messages; the schedule (appointments, sessions, a doctor's patients) after an appointment
 * changed; a member's waitlist offers after one changed. On connecting, anything pushed meanwhile was missed: messaging always (the socket may
 * open a moment after the page first read), the schedule too after a reconnection.
 */
export function staleReads(notice: RealtimeNotice): ReadGroup[] {
  switch (notice.type) {
    case "connected":
      return notice.data.reconnected ? ["messaging", "schedule", "waitlist"] : ["messaging"];
    case "new_message":
    case "messages_read":
      return ["messaging"];
    case "appointment_changed":
      return ["schedule"];
    case "waitlist_offer_changed":
      return ["waitlist"];
    default:
      // A visit's room and refusals concern the screen that hears them, not the shared reads.
      return [];
  }
}
