import { z } from "zod";
import { authedProcedure, roleProcedure, router } from "../trpc";
import { memberSessionSchema, sessionIdInputSchema, sessionsEndedSchema, userSessionsInputSchema } from "./account.schema";
import { endAllSessionsOfUser, endMemberSession, endOtherMemberSessions, listMemberSessions } from "./member-sessions";

/** What a member manages of their own account (sessions here; two-step sign-in joins them). */
export const accountRouter = router({
  sessions: authedProcedure
    .meta({ openapi: { method: "GET", path: "/account/sessions", tags: ["account"], summary: "Where you are signed in, most recently used first", protect: true } })
    .input(z.void())
    .output(z.array(memberSessionSchema))
    .query(({ ctx }) => listMemberSessions(ctx)),

  endSession: authedProcedure
    .meta({ openapi: { method: "DELETE", path: "/account/sessions/{id}", tags: ["account"], summary: "End one of your sessions; its sockets close at once", protect: true } })
    .input(sessionIdInputSchema)
    .output(sessionsEndedSchema)
    .mutation(({ ctx, input }) => endMemberSession(ctx, input.id)),

  endOtherSessions: authedProcedure
    .meta({ openapi: { method: "POST", path: "/account/sessions/end-others", tags: ["account"], summary: "End every session but this one", protect: true } })
    .input(z.void())
    .output(sessionsEndedSchema)
    .mutation(({ ctx }) => endOtherMemberSessions(ctx)),

  endAllSessionsOf: roleProcedure("admin")
    .meta({ openapi: { method: "DELETE", path: "/admin/users/{id}/sessions", tags: ["admin"], summary: "End every session of a member", protect: true } })
    .input(userSessionsInputSchema)
    .output(sessionsEndedSchema)
    .mutation(({ ctx, input }) => endAllSessionsOfUser(ctx, input.id)),
});
