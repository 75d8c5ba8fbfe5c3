// What a signature covers: every word and number of the note as it was signed, with who signed it
// and when. The form is fixed (a JSON array in one order), so anyone can recompute the hash from the
// stored note and see that it has not changed since.
import { createHash } from "node:crypto";

import type { TreatmentSessionView } from "@halcyon/db";

/** The version of the form below; a new form would get a new tag, never a changed meaning. */
const FORM = "halcyon-session-note-v1";

export function noteContentHash(
  note: Pick<TreatmentSessionView, "id" | "appointmentId" | "patientId" | "doctorId" | "progressRating" | "sessionNotes" | "soap">,
  signature: { signedBy: number; signedAt: string },
): string {
  const content = [
    FORM,
    note.id,
    note.appointmentId,
    note.patientId,
    note.doctorId,
    note.progressRating,
    note.sessionNotes,
    note.soap.subjective,
    note.soap.objective,
    note.soap.assessment,
    note.soap.plan,
    signature.signedBy,
    signature.signedAt,
  ];
  return createHash("sha256").update(JSON.stringify(content), "utf8").digest("hex");
}
