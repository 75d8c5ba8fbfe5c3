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

/**
 * A group meets at the time its clinician set: a member never moves their place on its own; the
 * group's doctor or an admin moves the group, every place with it.
 */
export function movable(appointment: Place, role: "patient" | "doctor" | "admin"): boolean {
  return appointment.party?.kind !== "group" || role !== "patient";
}

/** Whether a change of `appointment` by `role` is its whole session's: a couple's always; a group's when staff make it. */
export function changesWholeSession(appointment: Place, role: "patient" | "doctor" | "admin"): boolean {
  return appointment.party?.kind === "couple" || (appointment.party?.kind === "group" && role !== "patient");
}

export const PARTY_NOTES_NOT_YET =
  "Notes of a couple's or a group's session are kept with the session, not in one patient's record, and cannot be written here yet. Mark each patient's attendance instead.";
export const GROUP_NOT_MOVABLE = "A group meets at the time its clinician set: leave it and book another time, or ask the clinician to move the group.";
