import { z } from "zod";
import { authedProcedure, roleProcedure, router } from "../trpc";
import { consentDocuments, myIntake, patientIntake, saveMyIntake, signConsent, updateConsent } from "./intake";
import {
  consentDocumentSchema,
  intakeStatusSchema,
  patientIntakeInputSchema,
  saveIntakeInputSchema,
  signConsentInputSchema,
  updateConsentInputSchema,
} from "./intake.schema";

/** Intake and consent: what a patient fills in and signs before their first session. */
export const intakeRouter = router({
  mine: roleProcedure("patient")
    .meta({
      openapi: { method: "GET", path: "/intake", tags: ["intake"], summary: "The caller's intake form and consents, and whether all is done", protect: true },
    })
    .input(z.void())
    .output(intakeStatusSchema)
    .query(({ ctx }) => myIntake(ctx)),

  ofPatient: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/patients/{patientId}/intake",
        tags: ["intake"],
        summary: "A patient's intake form and consent status",
        description: "For the patient, the doctors they are in the care of, and admins (anyone else: 404). Audited when someone else reads it.",
        protect: true,
      },
    })
    .input(patientIntakeInputSchema)
    .output(intakeStatusSchema)
    .query(({ ctx, input }) => patientIntake(ctx, input.patientId)),

  save: roleProcedure("patient")
    .meta({
      openapi: {
        method: "PUT",
        path: "/intake",
        tags: ["intake"],
        summary: "Fill in or change the intake form",
        description: "Reason for seeking care, current medications (or “None”), an emergency contact.",
        protect: true,
      },
    })
    .input(saveIntakeInputSchema)
    .output(intakeStatusSchema)
    .mutation(({ ctx, input }) => saveMyIntake(ctx, input)),

  sign: roleProcedure("patient")
    .meta({
      openapi: {
        method: "POST",
        path: "/consents/{kind}/sign",
        tags: ["intake"],
        summary: "Sign a consent by typing one's full name",
        description:
          "`version` is the version read; an older one answers 409. The name must be the account's full name (400 otherwise). Keeps the version, its hash, the time and the address; signing again is harmless.",
        protect: true,
      },
    })
    .input(signConsentInputSchema)
    .output(intakeStatusSchema)
    .mutation(({ ctx, input }) => signConsent(ctx, input)),

  consents: authedProcedure
    .meta({ openapi: { method: "GET", path: "/consents", tags: ["intake"], summary: "The clinic's consent forms as they stand", protect: true } })
    .input(z.void())
    .output(z.array(consentDocumentSchema))
    .query(({ ctx }) => consentDocuments(ctx)),

  updateConsent: roleProcedure("admin")
    .meta({
      openapi: {
        method: "PUT",
        path: "/admin/consents/{kind}",
        tags: ["intake"],
        summary: "Set a consent's text (admins only)",
        description: "A changed text becomes a new version, which every patient signs at their next visit; the same text changes nothing.",
        protect: true,
      },
    })
    .input(updateConsentInputSchema)
    .output(consentDocumentSchema)
    .mutation(({ ctx, input }) => updateConsent(ctx, input)),
});
