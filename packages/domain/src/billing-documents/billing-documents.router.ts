import { z } from "zod";
import { authedProcedure, roleProcedure, router } from "../trpc";
import { billingDetailsSchema, estimateSummarySchema, patientIdInputSchema, saveBillingDetailsInputSchema } from "./billing-document.schema";
import { billingDetails, estimatesForPatient, updateBillingDetails } from "./billing-documents";

/**
 * Billing documents' settings and lists. The documents themselves are PDFs, downloaded through
 * plain routes (apps/api/src/routes/billing-documents.ts) under /api/billing/….
 */
export const billingDocumentsRouter = router({
  details: roleProcedure("patient", "admin")
    .meta({
      openapi: {
        method: "GET",
        path: "/billing/patients/{patientId}/document-details",
        tags: ["billing documents"],
        summary: "The patient's postal address on their documents and their monthly superbill switch: the patient's own, and admins'",
        protect: true,
      },
    })
    .input(patientIdInputSchema)
    .output(billingDetailsSchema)
    .query(({ ctx, input }) => billingDetails(ctx, input.patientId)),

  saveDetails: roleProcedure("patient", "admin")
    .meta({
      openapi: {
        method: "PUT",
        path: "/billing/patients/{patientId}/document-details",
        tags: ["billing documents"],
        summary: "Change the postal address on the patient's documents and whether a superbill is issued each month",
        protect: true,
      },
    })
    .input(saveBillingDetailsInputSchema)
    .output(billingDetailsSchema)
    .mutation(({ ctx, input }) => updateBillingDetails(ctx, input)),

  estimates: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/billing/patients/{patientId}/estimates",
        tags: ["billing documents"],
        summary: "The patient's Good Faith Estimates, newest first: to the patient, their doctors and admins",
        description: "Each is downloaded as a PDF from GET /api/billing/estimates/{id}/pdf.",
        protect: true,
      },
    })
    .input(patientIdInputSchema)
    .output(z.array(estimateSummarySchema))
    .query(({ ctx, input }) => estimatesForPatient(ctx, input.patientId)),
});
