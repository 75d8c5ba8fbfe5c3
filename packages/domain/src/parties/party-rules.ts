// What a place in a couple's or a group's session allows, one rule for the server and the web app.
// Browser-safe.
type Place = { party?: { kind: "couple" | "group" } | undefined };

/**
 * Notes of a couple's or a group's session belong to the session, never to one patient's record,
 * and are not written in Halcyon yet: a place in one takes no notes (its attendance is marked).
 */
export function takesNotes(appointment: Place): boolean {
  return appointment.party === undefined;
}

/** A group meets at the time its clinician set: a place in one is never moved on its own. */
export function movable(appointment: Place): boolean {
  return appointment.party?.kind !== "group";
}

export const PARTY_NOTES_NOT_YET =
  "Notes of a couple's or a group's session are kept with the session, not in one patient's record, and cannot be written here yet. Mark each patient's attendance instead.";
export const GROUP_NOT_MOVABLE = "A group meets at the time its clinician set: leave it and book another time, or the clinician sets a new group.";
