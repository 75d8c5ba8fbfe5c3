import { z } from "zod";
import { auditRead } from "../audit/read-audit";
import { authedProcedure, roleProcedure, router } from "../trpc";
import { listSessionsInputSchema, recordSessionInputSchema, treatmentSessionSchema } from "./treatment-session.schema";
import { listTreatmentSessions, recordTreatmentSession } from "./treatment-sessions";

export const treatmentSessionsRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/treatment-sessions/{userId}",
        tags: ["treatment sessions"],
        summary: "A patient's session notes and ratings, newest first",
        description:
          "For the patient themselves, the doctors they are in the care of, and admins; a doctor without care reads them only under emergency access (POST /api/emergency-access). Anyone else: 404.",
        protect: true,
      },
    })
    .input(listSessionsInputSchema)
    .output(z.array(treatmentSessionSchema))
    .query(async ({ ctx, input }) => {
      const { sessions, access } = await listTreatmentSessions(ctx, input.userId);
      const ids = sessions.map((s) => s.id);
      await auditRead(
        ctx,
        "treatment_session.read",
        { type: "patient", id: input.userId },
        ids,
        access.kind === "emergency" ? { emergencyAccessId: access.grant.id } : undefined,
      );
      return sessions;
    }),

  record: roleProcedure("doctor")
    .meta({
      openapi: {
        method: "POST",
        path: "/treatment-sessions",
        tags: ["treatment sessions"],
        summary: "Write a session's notes and rating; completes it",
        protect: true,
      },
    })
    .input(recordSessionInputSchema)
    .output(treatmentSessionSchema)
    .mutation(({ ctx, input }) => recordTreatmentSession(ctx, input)),
});
