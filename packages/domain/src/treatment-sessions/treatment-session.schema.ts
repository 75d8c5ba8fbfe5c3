import { z } from "zod";
import { idOf, recordId } from "../record-id";

export const treatmentSessionSchema = z
  .object({
    id: z.number().int(),
    appointmentId: z.number().int().nullable(),
    patientId: z.number().int(),
    doctorId: z.number().int(),
    doctorName: z.string(),
    progressRating: z.number().int(),
    sessionNotes: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "TreatmentSession" });
export type TreatmentSession = z.infer<typeof treatmentSessionSchema>;

export const SESSION_NOTES_MAX = 10_000;

export const recordSessionInputSchema = z
  .object({
    appointmentId: recordId("Choose the session the notes are for"),
    progressRating: z.coerce
      .number({ error: "Give a progress rating from 1 to 10" })
      .int("Give a whole-number progress rating from 1 to 10")
      .min(1, "Give a progress rating from 1 to 10")
      .max(10, "Give a progress rating from 1 to 10"),
    sessionNotes: z
      .string({ error: "Write the session notes" })
      .trim()
      .min(1, "Write the session notes")
      .max(SESSION_NOTES_MAX, `Session notes can be at most ${SESSION_NOTES_MAX} characters`),
  })
  .meta({ id: "RecordSessionInput" });
export type RecordSessionInput = z.input<typeof recordSessionInputSchema>;

export const listSessionsInputSchema = z.object({
  userId: idOf("userId"),
});
