import { z } from "zod";
import { authedProcedure, roleProcedure, router } from "../trpc";
import { memberSessionSchema, sessionIdInputSchema, sessionsEndedSchema, userSessionsInputSchema } from "./account.schema";
import { endAllSessionsOfUser, endMemberSession, endOtherMemberSessions, listMemberSessions } from "./member-sessions";
import { beginTotpSetup, confirmTotpSetup, recheckPassword, turnOffTwoStep, twoStepStatus } from "../two-step/two-step";
import {
  recheckInputSchema,
  recheckOutputSchema,
  recoveryCodesSchema,
  secondStepCodeSchema,
  totpSetupSchema,
  twoStepStatusSchema,
} from "../two-step/two-step.schema";

const done = z.object({ success: z.literal(true) });

/** What a member manages of their own account: sessions, two-step sign-in, and re-checks of the password. */
export const accountRouter = router({
  twoStep: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/account/two-step",
        tags: ["account"],
        summary: "Whether two-step sign-in is on, and how many recovery codes are left",
        protect: true,
      },
    })
    .input(z.void())
    .output(twoStepStatusSchema)
    .query(({ ctx }) => twoStepStatus(ctx)),

  beginTotp: authedProcedure
    .meta({
      openapi: { method: "POST", path: "/account/totp", tags: ["account"], summary: "A new authenticator secret to scan; on once confirmed", protect: true },
    })
    .input(z.void())
    .output(totpSetupSchema)
    .mutation(({ ctx }) => beginTotpSetup(ctx)),

  confirmTotp: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/account/totp/confirm",
        tags: ["account"],
        summary: "Turn two-step sign-in on with a first code; answers ten recovery codes, shown once",
        protect: true,
      },
    })
    .input(secondStepCodeSchema)
    .output(recoveryCodesSchema)
    .mutation(({ ctx, input }) => confirmTotpSetup(ctx, input.code)),

  turnOffTotp: authedProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/account/totp",
        tags: ["account"],
        summary: "Turn two-step sign-in off (needs a re-check of the password within 5 minutes)",
        protect: true,
      },
    })
    .input(z.void())
    .output(done)
    .mutation(async ({ ctx }) => {
      await turnOffTwoStep(ctx);
      return { success: true as const };
    }),

  recheck: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/account/reauth",
        tags: ["account"],
        summary: "Re-check your password for the sensitive changes of the next 5 minutes",
        protect: true,
      },
    })
    .input(recheckInputSchema)
    .output(recheckOutputSchema)
    .mutation(({ ctx, input }) => recheckPassword(ctx, input.password)),

  sessions: authedProcedure
    .meta({
      openapi: { method: "GET", path: "/account/sessions", tags: ["account"], summary: "Where you are signed in, most recently used first", protect: true },
    })
    .input(z.void())
    .output(z.array(memberSessionSchema))
    .query(({ ctx }) => listMemberSessions(ctx)),

  endSession: authedProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/account/sessions/{id}",
        tags: ["account"],
        summary: "End one of your sessions; its sockets close at once",
        protect: true,
      },
    })
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
