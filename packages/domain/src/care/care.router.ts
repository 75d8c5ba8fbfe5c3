import { z } from "zod";
import { auditRead } from "../audit/read-audit";
import { roleProcedure, router } from "../trpc";
import { careChangeInputSchema, careEndedSchema, careTeamInputSchema, careTeamMemberSchema } from "./care.schema";
import { assignDoctor, careTeamOf, endDoctorCare } from "./care-team";

const adminProcedure = roleProcedure("admin");

/** Care relationships are the admin's to assign and end (patients and doctors begin them by booking and Add New Patient). */
export const careRouter = router({
  team: adminProcedure
    .meta({
      openapi: { method: "GET", path: "/admin/patients/{patientId}/care", tags: ["care"], summary: "The doctors a patient is in the care of", protect: true },
    })
    .input(careTeamInputSchema)
    .output(z.array(careTeamMemberSchema))
    .query(async ({ ctx, input }) => {
      const team = await careTeamOf(ctx, input.patientId);
      await auditRead(
        ctx,
        "care.read",
        { type: "patient", id: input.patientId },
        team.map((member) => member.doctorId),
      );
      return team;
    }),

  assign: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/patients/{patientId}/care",
        tags: ["care"],
        summary: "Assign a doctor to a patient; the doctor may read the record until an admin ends it",
        protect: true,
      },
    })
    .input(careChangeInputSchema)
    .output(z.array(careTeamMemberSchema))
    .mutation(({ ctx, input }) => assignDoctor(ctx, input)),

  end: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/admin/patients/{patientId}/care/{doctorId}",
        tags: ["care"],
        summary: "End a doctor's care of a patient: their access ends at once, and the sessions between them still to come are cancelled",
        protect: true,
      },
    })
    .input(careChangeInputSchema)
    .output(careEndedSchema)
    .mutation(({ ctx, input }) => endDoctorCare(ctx, input)),
});
