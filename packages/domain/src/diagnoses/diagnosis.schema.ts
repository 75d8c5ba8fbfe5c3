// What the diagnosis procedures accept and answer. Browser-safe.
import { z } from "zod";
import { idOf } from "../record-id";
import { isListedIcd10Code } from "./icd10-codes";

export const NOT_A_LISTED_CODE = "Choose an ICD-10-CM code from the clinic's list (F chapter and psychosocial Z codes), like F41.1";

/** A code as a client sends it: upper-cased and trimmed, then checked against the list. */
export const icd10CodeSchema = z.string({ error: NOT_A_LISTED_CODE }).trim().toUpperCase().refine(isListedIcd10Code, NOT_A_LISTED_CODE);

export const icd10EntrySchema = z.object({ code: z.string(), description: z.string() }).meta({ id: "Icd10Code" });

export const diagnosisSchema = z
  .object({
    id: z.number().int(),
    patientId: z.number().int(),
    code: z.string(),
    description: z.string(),
    recordedByName: z.string().nullable(),
    recordedAt: z.string(),
    resolvedAt: z.string().nullable().describe("When a doctor marked it no longer current; null while it is"),
  })
  .meta({ id: "Diagnosis" });
export type Diagnosis = z.infer<typeof diagnosisSchema>;

export const listDiagnosesInputSchema = z.object({ patientId: idOf("patientId") });
export const recordDiagnosisInputSchema = z.object({ patientId: idOf("patientId"), code: icd10CodeSchema }).meta({ id: "RecordDiagnosisInput" });
export const resolveDiagnosisInputSchema = z.object({ id: idOf("id") });
