import { z } from "zod";
import { appointmentSchema } from "../appointments/appointment.schema";
import { idOf, recordId } from "../record-id";
import { ADDENDUM_MAX, PRIVATE_NOTE_MAX, SESSION_NOTES_MAX, SOAP_SECTION_LABELS, SOAP_SECTION_MAX } from "./note-limits";

export * from "./note-limits";

/** The SOAP template: what the patient says, what the clinician observes, what it means, what comes next. */
export const soapNoteSchema = z.object({ subjective: z.string(), objective: z.string(), assessment: z.string(), plan: z.string() }).meta({ id: "SoapNote" });
export type SoapNote = z.infer<typeof soapNoteSchema>;

export const addendumSchema = z
  .object({ id: z.number().int(), authorId: z.number().int(), authorName: z.string(), body: z.string(), createdAt: z.string() })
  .meta({ id: "Addendum" });
export type Addendum = z.infer<typeof addendumSchema>;

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
    /** A patient sees a draft's free text and rating (the spec's chart), and its SOAP sections once signed. */
    soap: soapNoteSchema,
    signedAt: z.string().nullable(),
    signerName: z.string().nullable(),
    /** SHA-256 (hex) of the signed content; null while a draft. */
    contentHash: z.string().nullable(),
    addenda: z.array(addendumSchema),
  })
  .meta({ id: "TreatmentSession" });
export type TreatmentSession = z.infer<typeof treatmentSessionSchema>;

function soapSection(label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(SOAP_SECTION_MAX, `${label} can be at most ${SOAP_SECTION_MAX} characters`);
}

const soapSectionSchemas = {
  subjective: soapSection(SOAP_SECTION_LABELS.subjective),
  objective: soapSection(SOAP_SECTION_LABELS.objective),
  assessment: soapSection(SOAP_SECTION_LABELS.assessment),
  plan: soapSection(SOAP_SECTION_LABELS.plan),
};

const progressRatingSchema = z.coerce
  .number({ error: "Give a progress rating from 1 to 10" })
  .int("Give a whole-number progress rating from 1 to 10")
  .min(1, "Give a progress rating from 1 to 10")
  .max(10, "Give a progress rating from 1 to 10");

const sessionNotesSchema = z
  .string({ error: "Write the session notes" })
  .trim()
  .min(1, "Write the session notes")
  .max(SESSION_NOTES_MAX, `Session notes can be at most ${SESSION_NOTES_MAX} characters`);

export const recordSessionInputSchema = z
  .object({
    appointmentId: recordId("Choose the session the notes are for"),
    progressRating: progressRatingSchema,
    sessionNotes: sessionNotesSchema,
    // The SOAP sections may be written now or later, while the note is a draft.
    subjective: soapSectionSchemas.subjective.default(""),
    objective: soapSectionSchemas.objective.default(""),
    assessment: soapSectionSchemas.assessment.default(""),
    plan: soapSectionSchemas.plan.default(""),
  })
  .meta({ id: "RecordSessionInput" });
export type RecordSessionInput = z.input<typeof recordSessionInputSchema>;

export const listSessionsInputSchema = z.object({
  userId: idOf("userId"),
});

export const noteIdInputSchema = z.object({ id: idOf("id") });

export const updateNoteInputSchema = z
  .object({
    id: idOf("id"),
    progressRating: progressRatingSchema.optional(),
    sessionNotes: sessionNotesSchema.optional(),
    subjective: soapSectionSchemas.subjective.optional(),
    objective: soapSectionSchemas.objective.optional(),
    assessment: soapSectionSchemas.assessment.optional(),
    plan: soapSectionSchemas.plan.optional(),
  })
  .refine(({ id: _id, ...change }) => Object.values(change).some((value) => value !== undefined), {
    error: "Send at least one part of the note to change: sessionNotes, progressRating, subjective, objective, assessment or plan",
  })
  .meta({ id: "UpdateSessionNoteInput" });
export type UpdateNoteInput = z.input<typeof updateNoteInputSchema>;

export const addendumInputSchema = z
  .object({
    id: idOf("id"),
    body: z
      .string({ error: "Write the addendum" })
      .trim()
      .min(1, "Write the addendum")
      .max(ADDENDUM_MAX, `An addendum can be at most ${ADDENDUM_MAX} characters`),
  })
  .meta({ id: "AddendumInput" });

export const privateNoteSchema = z
  .object({
    /** Empty when none has been written. */
    body: z.string(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "PrivateNote" });
export type PrivateNote = z.infer<typeof privateNoteSchema>;

export const savePrivateNoteInputSchema = z
  .object({
    id: idOf("id"),
    body: z.string({ error: "The private note must be text" }).trim().max(PRIVATE_NOTE_MAX, `The private note can be at most ${PRIVATE_NOTE_MAX} characters`),
  })
  .meta({ id: "SavePrivateNoteInput" });

export const unsignedNoteSchema = z.object({ appointment: appointmentSchema, session: treatmentSessionSchema.nullable() }).meta({ id: "UnsignedNote" });
export type UnsignedNote = z.infer<typeof unsignedNoteSchema>;
