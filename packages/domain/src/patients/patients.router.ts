import { z } from "zod";
import { auditRead } from "../audit/read-audit";
import { roleProcedure, router } from "../trpc";
import { toPublicUser } from "../users/public-user";
import { addedPatientSchema, addPatientInputSchema, listPatientsInputSchema, patientSummarySchema } from "./patient.schema";
import { addPatient, listPatients } from "./patients";

export const patientsRouter = router({
  list: roleProcedure("doctor", "admin")
    .meta({
      openapi: { method: "GET", path: "/patients", tags: ["patients"], summary: "Your patients (admins: all), with their latest session", protect: true },
    })
    .input(listPatientsInputSchema)
    .output(z.array(patientSummarySchema))
    .query(async ({ ctx, input }) => {
      const patients = await listPatients(ctx, input);
      await auditRead(
        ctx,
        "patient.read",
        { type: "patient" },
        patients.map((p) => p.id),
      );
      return patients;
    }),

  add: roleProcedure("doctor", "admin")
    .meta({ openapi: { method: "POST", path: "/patients", tags: ["patients"], summary: "Open a patient account with a one-time password", protect: true } })
    .input(addPatientInputSchema)
    .output(addedPatientSchema)
    .mutation(async ({ ctx, input }) => {
      const { patient, oneTimePassword } = await addPatient(ctx, input);
      return { patient: toPublicUser(patient, ctx.config), oneTimePassword };
    }),
});
