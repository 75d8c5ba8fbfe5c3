import { z } from "zod";
import { auditRead } from "../audit/read-audit";
import { authedProcedure, checkedOutput, roleProcedure, router } from "../trpc";
import { listSessionsInputSchema, recordSessionInputSchema, treatmentSessionSchema } from "./treatment-session.schema";
import { listTreatmentSessions, recordTreatmentSession } from "./treatment-sessions";

export const treatmentSessionsRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: "GET", path: "/treatment-sessions/{userId}", tags: ["treatment sessions"], summary: "A patient's session notes and ratings, newest first", protect: true } })
    .input(listSessionsInputSchema)
    .output(checkedOutput(z.array(treatmentSessionSchema)))
    .query(async ({ ctx, input }) => {
      const sessions = await listTreatmentSessions(ctx, input.userId);
      await auditRead(ctx, "treatment_session.read", { type: "patient", id: input.userId }, sessions.map((s) => s.id));
      return sessions;
    }),

  record: roleProcedure("doctor")
    .meta({ openapi: { method: "POST", path: "/treatment-sessions", tags: ["treatment sessions"], summary: "Write a session's notes and rating; completes it", protect: true } })
    .input(recordSessionInputSchema)
    .output(checkedOutput(treatmentSessionSchema))
    .mutation(({ ctx, input }) => recordTreatmentSession(ctx, input)),
});
