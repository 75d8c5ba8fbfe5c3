// What the outcome-measure procedures accept and answer. Browser-safe.
import { z } from "zod";
import { crisisResourceSchema } from "../clinic/crisis-resource.schema";
import { idOf } from "../record-id";
import { answersProblem, INSTRUMENT_IDS, INSTRUMENTS } from "./instruments";

export const instrumentIdSchema = z.enum(INSTRUMENT_IDS, { error: "Choose the PHQ-9 (phq9) or the GAD-7 (gad7)" });

export const instrumentSchema = z
  .object({
    id: instrumentIdSchema,
    name: z.string(),
    title: z.string(),
    question: z.string(),
    items: z.array(z.string()),
    options: z.array(z.object({ value: z.number().int(), label: z.string() })),
    maxScore: z.number().int(),
    bands: z.array(z.object({ from: z.number().int(), label: z.string() })),
  })
  .meta({ id: "Instrument" });

export const submitMeasureInputSchema = z
  .object({ instrument: instrumentIdSchema, answers: z.array(z.unknown(), { error: "Send the answers as a list, one per item" }) })
  .superRefine((input, check) => {
    const problem = answersProblem(INSTRUMENTS[input.instrument], input.answers);
    if (problem) check.addIssue({ code: "custom", path: ["answers"], message: problem });
  })
  .transform((input) => ({ instrument: input.instrument, answers: input.answers as number[] }))
  .meta({ id: "SubmitMeasureInput" });

export const measureSchema = z
  .object({
    id: z.number().int(),
    instrument: instrumentIdSchema,
    score: z.number().int(),
    band: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "Measure" });
export type Measure = z.infer<typeof measureSchema>;

/** What a patient's submission answers: the score and band, whether it raised the safety alert, and then where to turn. */
export const submittedMeasureSchema = measureSchema
  .extend({
    safetyAlert: z.boolean(),
    hasTherapist: z.boolean().describe("Whether an active doctor cares for the patient: they see the questionnaire, and are sent its safety alert at once"),
    crisisResources: z.array(crisisResourceSchema).describe("The clinic's crisis resources when the safety alert was raised; else empty"),
  })
  .meta({ id: "SubmittedMeasure" });
export type SubmittedMeasure = z.infer<typeof submittedMeasureSchema>;

/** A measure in a patient's history, with the answers item by item. */
export const measureRecordSchema = measureSchema.extend({ answers: z.array(z.number().int()) }).meta({ id: "MeasureRecord" });
export type MeasureRecord = z.infer<typeof measureRecordSchema>;

export const measureHistoryInputSchema = z.object({ patientId: idOf("patientId") });

export const MEASURE_CADENCES = ["once", "before_every_session"] as const;
export const assignMeasureInputSchema = z
  .object({
    patientId: idOf("patientId"),
    instrument: instrumentIdSchema,
    cadence: z.enum(MEASURE_CADENCES, { error: "Choose once or before_every_session" }),
  })
  .meta({ id: "AssignMeasureInput" });

export const measureAssignmentSchema = z
  .object({
    id: z.number().int(),
    patientId: z.number().int(),
    doctorId: z.number().int(),
    instrument: instrumentIdSchema,
    cadence: z.enum(MEASURE_CADENCES),
    createdAt: z.string(),
  })
  .meta({ id: "MeasureAssignment" });

/** A measure the patient is asked to complete now; `sessionStart` when it is due before that session. */
export const dueMeasureSchema = z.object({ instrument: instrumentIdSchema, name: z.string(), sessionStart: z.string().nullable() }).meta({ id: "DueMeasure" });
export type DueMeasure = z.infer<typeof dueMeasureSchema>;

export const measureAlertSchema = z
  .object({
    id: z.number().int(),
    measureId: z.number().int(),
    patientId: z.number().int(),
    patientName: z.string(),
    score: z.number().int(),
    band: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "MeasureAlert" });
export type MeasureAlert = z.infer<typeof measureAlertSchema>;

export const acknowledgeAlertInputSchema = z.object({
  id: idOf("id"),
  note: z
    .string({ error: "Write what was done" })
    .trim()
    .min(1, "Write what was done: a note is kept with the acknowledgement")
    .max(2000, "A note can be at most 2,000 characters"),
});
