import { z } from "zod";
import { authedProcedure, ownPasswordProcedure, publicProcedure, roleProcedure, router } from "../trpc";
import {
  accountNoticeSchema,
  changeEmailInputSchema,
  contactSchema,
  emailVerifiedSchema,
  linkTokenInputSchema,
  notMeReportedSchema,
  timeZoneInputSchema,
  memberSessionSchema,
  noticeKindInputSchema,
  sessionIdInputSchema,
  sessionsEndedSchema,
  memberIdInputSchema,
} from "./account.schema";
import { dismissNotice, listNotices } from "./notices";
import { changeOwnEmail, ownContact, resendVerification, setOwnTimeZone, verifyEmail } from "./contact";
import { reportNotMe } from "./security-notices";
import { withSignInPlace } from "../auth/throttle";
import { endAllSessionsOfUser, endMemberSession, endOtherMemberSessions, listMemberSessions } from "./member-sessions";
import { beginTotpSetup, confirmTotpSetup, recheck, resetTwoStepOf, turnOffTwoStep, twoStepStatus } from "../two-step/two-step";
import { beginPasskeyRegistration, finishPasskeyRegistration, listOwnPasskeys, removeOwnPasskey, renameOwnPasskey } from "../two-step/passkeys";
import {
  addPasskeyInputSchema,
  ceremonyOptionsSchema,
  passkeyAddedSchema,
  passkeyIdInputSchema,
  passkeySchema,
  renamePasskeyInputSchema,
} from "../two-step/passkeys.schema";
import {
  recheckInputSchema,
  recheckOutputSchema,
  recoveryCodesSchema,
  confirmTotpInputSchema,
  totpSetupSchema,
  twoStepStatusSchema,
} from "../two-step/two-step.schema";

const done = z.object({ success: z.literal(true) });

/** What a member manages of their own account: sessions, two-step sign-in, and re-checks of the password. */
export const accountRouter = router({
  twoStep: ownPasswordProcedure
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

  beginTotp: ownPasswordProcedure
    .meta({
      openapi: { method: "POST", path: "/account/totp", tags: ["account"], summary: "A new authenticator secret to scan; on once confirmed", protect: true },
    })
    .input(z.void())
    .output(totpSetupSchema)
    .mutation(({ ctx }) => beginTotpSetup(ctx)),

  confirmTotp: ownPasswordProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/account/totp/confirm",
        tags: ["account"],
        summary: "Turn two-step sign-in on with a first code; answers ten recovery codes, shown once",
        protect: true,
      },
    })
    .input(confirmTotpInputSchema)
    .output(recoveryCodesSchema)
    .mutation(({ ctx, input }) => confirmTotpSetup(ctx, input.code, input.enrolmentCode)),

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

  recheck: ownPasswordProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/account/reauth",
        tags: ["account"],
        summary: "Re-check your password (or use a passkey) for the sensitive changes of the next 5 minutes",
        protect: true,
      },
    })
    .input(recheckInputSchema)
    .output(recheckOutputSchema)
    // A password guess like a sign-in's: the same in-flight limit per address (and throttle, in recheck).
    .mutation(({ ctx, input }) => withSignInPlace(ctx, () => recheck(ctx, input))),

  passkeys: ownPasswordProcedure
    .meta({ openapi: { method: "GET", path: "/account/passkeys", tags: ["account"], summary: "Your passkeys, oldest first", protect: true } })
    .input(z.void())
    .output(z.array(passkeySchema))
    .query(({ ctx }) => listOwnPasskeys(ctx)),

  beginPasskey: ownPasswordProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/account/passkeys/options",
        tags: ["account"],
        summary: "Options for the browser to make a new passkey (needs a re-check within 5 minutes)",
        protect: true,
      },
    })
    .input(z.void())
    .output(ceremonyOptionsSchema)
    .mutation(({ ctx }) => beginPasskeyRegistration(ctx)),

  addPasskey: ownPasswordProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/account/passkeys",
        tags: ["account"],
        summary: "Save the passkey the browser made; the first one turns two-step sign-in on and answers ten recovery codes, shown once",
        protect: true,
      },
    })
    .input(addPasskeyInputSchema)
    .output(passkeyAddedSchema)
    .mutation(({ ctx, input }) => finishPasskeyRegistration(ctx, input.name, input.response, input.enrolmentCode)),

  renamePasskey: ownPasswordProcedure
    .meta({ openapi: { method: "PATCH", path: "/account/passkeys/{id}", tags: ["account"], summary: "Rename one of your passkeys", protect: true } })
    .input(renamePasskeyInputSchema)
    .output(passkeySchema)
    .mutation(({ ctx, input }) => renameOwnPasskey(ctx, input.id, input.name)),

  removePasskey: authedProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/account/passkeys/{id}",
        tags: ["account"],
        summary: "Remove one of your passkeys (needs a re-check within 5 minutes); your other sessions end",
        protect: true,
      },
    })
    .input(passkeyIdInputSchema)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      await removeOwnPasskey(ctx, input.id);
      return { success: true as const };
    }),

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

  notices: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/account/notices",
        tags: ["account"],
        summary: "What the clinic asks you to see once: a password that falls short of the rules, a reset of your two-step sign-in",
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(accountNoticeSchema))
    .query(({ ctx }) => listNotices(ctx)),

  dismissNotice: authedProcedure
    .meta({
      openapi: { method: "DELETE", path: "/account/notices/{kind}", tags: ["account"], summary: "Dismiss a notice; it is not shown again", protect: true },
    })
    .input(noticeKindInputSchema)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      await dismissNotice(ctx, input.kind);
      return { success: true as const };
    }),

  contact: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/account/contact",
        tags: ["account"],
        summary: "Your email address (and whether it is verified) and your time zone",
        protect: true,
      },
    })
    .input(z.void())
    .output(contactSchema)
    .query(({ ctx }) => ownContact(ctx)),

  changeEmail: authedProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/account/email",
        tags: ["account"],
        summary: "Set, change or remove your email address (needs a re-check within 5 minutes); a link to verify it goes to the new one",
        protect: true,
      },
    })
    .input(changeEmailInputSchema)
    .output(contactSchema)
    .mutation(({ ctx, input }) => changeOwnEmail(ctx, input.email)),

  resendVerification: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/account/email/verification",
        tags: ["account"],
        summary: "Send the link that verifies your email address again (a few an hour)",
        protect: true,
      },
    })
    .input(z.void())
    .output(contactSchema)
    .mutation(({ ctx }) => resendVerification(ctx)),

  setTimeZone: authedProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/account/time-zone",
        tags: ["account"],
        summary: "Record your time zone (IANA), so that notices name times on your clock",
        protect: true,
      },
    })
    .input(timeZoneInputSchema)
    .output(contactSchema)
    .mutation(({ ctx, input }) => setOwnTimeZone(ctx, input.timeZone)),

  // The link is the proof: signed in or not.
  verifyEmail: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/account/email/verify",
        tags: ["account"],
        summary: "Verify an email address with the link sent to it (single-use, 24 hours)",
        protect: false,
      },
    })
    .input(linkTokenInputSchema)
    .output(emailVerifiedSchema)
    .mutation(({ ctx, input }) => verifyEmail(ctx, input.token)),

  reportNotMe: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/account/not-me",
        tags: ["account"],
        summary: "Report a change to your account that you did not make, with the link of its notice: every session of yours ends and the admins are told",
        protect: false,
      },
    })
    .input(linkTokenInputSchema)
    .output(notMeReportedSchema)
    .mutation(({ ctx, input }) => reportNotMe(ctx, input.token)),

  endAllSessionsOf: roleProcedure("admin")
    .meta({ openapi: { method: "DELETE", path: "/admin/users/{id}/sessions", tags: ["admin"], summary: "End every session of a member", protect: true } })
    .input(memberIdInputSchema)
    .output(sessionsEndedSchema)
    .mutation(({ ctx, input }) => endAllSessionsOfUser(ctx, input.id)),

  resetTwoStepOf: roleProcedure("admin")
    .meta({
      openapi: {
        method: "DELETE",
        path: "/admin/users/{id}/two-step",
        tags: ["admin"],
        summary: "Reset the two-step sign-in of a member who lost every factor; their sessions end and their next sign-in tells them",
        protect: true,
      },
    })
    .input(memberIdInputSchema)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      await resetTwoStepOf(ctx, input.id);
      return { success: true as const };
    }),
});
