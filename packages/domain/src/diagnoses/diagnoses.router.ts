import { z } from "zod";
import { authedProcedure, roleProcedure, router } from "../trpc";
import { diagnosisSchema, icd10EntrySchema, listDiagnosesInputSchema, recordDiagnosisInputSchema, resolveDiagnosisInputSchema } from "./diagnosis.schema";
import { patientDiagnoses, recordDiagnosis, resolvePatientDiagnosis } from "./diagnoses";
import { ICD10_CODE_LIST, ICD10_CODES } from "./icd10-codes";

/** Diagnoses (ICD-10-CM): the list a doctor chooses from, a patient's diagnoses, recording and resolving one. */
export const diagnosesRouter = router({
  codes: roleProcedure("doctor", "admin")
    .meta({
      openapi: {
        method: "GET",
        path: "/diagnoses/codes",
        tags: ["diagnoses"],
        summary: "The ICD-10-CM codes a diagnosis may use, with their descriptions",
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(icd10EntrySchema))
    .query(() => ICD10_CODE_LIST.map((code) => ({ code, description: ICD10_CODES[code] }))),

  list: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/diagnoses",
        tags: ["diagnoses"],
        summary: "A patient's diagnoses, current ones first",
        description:
          "For the patient themselves, the doctors they are in the care of, and admins; a doctor without care reads them only under emergency access. Anyone else: 404. Reads by anyone but the patient are audited.",
        protect: true,
      },
    })
    .input(listDiagnosesInputSchema)
    .output(z.array(diagnosisSchema))
    .query(({ ctx, input }) => patientDiagnoses(ctx, input.patientId)),

  record: roleProcedure("doctor")
    .meta({
      openapi: {
        method: "POST",
        path: "/diagnoses",
        tags: ["diagnoses"],
        summary: "Record a diagnosis of a patient in your care (a code from GET /diagnoses/codes)",
        protect: true,
      },
    })
    .input(recordDiagnosisInputSchema)
    .output(diagnosisSchema)
    .mutation(({ ctx, input }) => recordDiagnosis(ctx, input)),

  resolve: roleProcedure("doctor")
    .meta({
      openapi: {
        method: "POST",
        path: "/diagnoses/{id}/resolve",
        tags: ["diagnoses"],
        summary: "Mark a diagnosis of a patient in your care no longer current; it stays in their history",
        protect: true,
      },
    })
    .input(resolveDiagnosisInputSchema)
    .output(diagnosisSchema)
    .mutation(({ ctx, input }) => resolvePatientDiagnosis(ctx, input.id)),
});
