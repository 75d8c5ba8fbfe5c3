import { z } from "zod";
import { publicProcedure, router, signedInProcedure } from "../trpc";
import { publicUserSchema } from "../users/user.schema";
import { toPublicUser } from "../users/public-user";
import {
  changePasswordInputSchema,
  forgotPasswordInputSchema,
  forgotPasswordOutputSchema,
  resetLinkAccountSchema,
  resetLinkInputSchema,
  resetPasswordInputSchema,
  loginInputSchema,
  logoutOutputSchema,
  registerInputSchema,
  signInParamsInputSchema,
  signInParamsSchema,
} from "./auth.schema";
import { changePassword } from "./change-password";
import { requestPasswordReset, resetLinkAccount, resetPasswordWithLink } from "./forgot-password";
import { registerPatient } from "./register";
import { signIn, signInParams, signInWithPasskey, signOut } from "./sign-in";
import { withSignInPlace } from "./throttle";
import { completeSignIn } from "../two-step/two-step";
import { secondStepInputSchema, secondStepRequiredSchema } from "../two-step/two-step.schema";
import { beginPasskeyAssertion } from "../two-step/passkeys";
import { ceremonyOptionsSchema, passkeySignInInputSchema } from "../two-step/passkeys.schema";

export const authRouter = router({
  // A session on a one-time password may read itself and replace the password, and nothing else.
  me: signedInProcedure
    .meta({ openapi: { method: "GET", path: "/user", tags: ["auth"], summary: "The signed-in user", protect: true } })
    .input(z.void())
    .output(publicUserSchema)
    .query(({ ctx }) => toPublicUser(ctx.user, ctx.config)),

  // The web app's "who is signed in?": nobody is an answer (null), not a refusal, so a visitor's
  // browser logs no failed request. tRPC only: the REST path keeps the specification's 401.
  current: publicProcedure
    .input(z.void())
    .output(publicUserSchema.nullable())
    .query(({ ctx }) => (ctx.user ? toPublicUser(ctx.user, ctx.config) : null)),

  // A mutation on REST (POST, the username in the body, never in a URL or a log line); same answer shape for every username.
  signInParams: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/login/params",
        tags: ["auth"],
        summary: "The salt and Argon2id parameters the browser derives a password's secrets with (any username gets an answer)",
        protect: false,
      },
    })
    .input(signInParamsInputSchema)
    .output(signInParamsSchema)
    .mutation(({ ctx, input }) => signInParams(ctx, input.username)),

  login: publicProcedure
    .meta({ openapi: { method: "POST", path: "/login", tags: ["auth"], summary: "Sign in; sets the session cookie", protect: false } })
    .input(loginInputSchema)
    .output(z.union([publicUserSchema, secondStepRequiredSchema]))
    .mutation(async ({ ctx, input }) => {
      const result = await withSignInPlace(ctx, () => signIn(ctx, input));
      return "mfaRequired" in result ? result : toPublicUser(result, ctx.config);
    }),

  loginSecondStep: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/login/mfa",
        tags: ["auth"],
        summary: "Complete a two-step sign-in with an authenticator code, a recovery code or a passkey; sets the session cookie",
        protect: false,
      },
    })
    .input(secondStepInputSchema)
    .output(publicUserSchema)
    .mutation(async ({ ctx, input }) => toPublicUser(await withSignInPlace(ctx, () => completeSignIn(ctx, input)), ctx.config)),

  passkeyOptions: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/login/passkey/options",
        tags: ["auth"],
        summary: "A challenge for a passkey: a sign-in with it alone, the second step of a sign-in, or a re-check",
        protect: false,
      },
    })
    .input(z.void())
    .output(ceremonyOptionsSchema)
    .mutation(({ ctx }) => beginPasskeyAssertion(ctx)),

  loginWithPasskey: publicProcedure
    .meta({
      openapi: { method: "POST", path: "/login/passkey", tags: ["auth"], summary: "Sign in with a passkey alone; sets the session cookie", protect: false },
    })
    .input(passkeySignInInputSchema)
    .output(publicUserSchema)
    .mutation(async ({ ctx, input }) => toPublicUser(await withSignInPlace(ctx, () => signInWithPasskey(ctx, input.response)), ctx.config)),

  register: publicProcedure
    .meta({ openapi: { method: "POST", path: "/register", tags: ["auth"], summary: "Create a patient account and sign in", protect: false } })
    .input(registerInputSchema)
    .output(publicUserSchema)
    .mutation(async ({ ctx, input }) => toPublicUser(await registerPatient(ctx, input), ctx.config)),

  changePassword: signedInProcedure
    .meta({ openapi: { method: "POST", path: "/user/password", tags: ["auth"], summary: "Replace your password; other sessions end", protect: true } })
    .input(changePasswordInputSchema)
    .output(publicUserSchema)
    // The current password is a guess like a sign-in's: the same throttle and in-flight limit.
    .mutation(async ({ ctx, input }) => toPublicUser(await withSignInPlace(ctx, () => changePassword(ctx, input)), ctx.config)),

  // The same answer whether or not the name or address is anyone's.
  forgotPassword: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/login/forgot",
        tags: ["auth"],
        summary: "Ask for a link to set a new password, sent to the account's verified email address (the same answer for any name or address)",
        protect: false,
      },
    })
    .input(forgotPasswordInputSchema)
    .output(forgotPasswordOutputSchema)
    .mutation(async ({ ctx, input }) => {
      await requestPasswordReset(ctx, input.login);
      return { success: true as const };
    }),

  // A mutation on REST: the link's token goes in a body, never in a URL a log keeps.
  resetLinkAccount: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/login/reset/account",
        tags: ["auth"],
        summary: "Whose password a reset link sets, with the salt and Argon2id parameters to derive the new one's secrets",
        protect: false,
      },
    })
    .input(resetLinkInputSchema)
    .output(resetLinkAccountSchema)
    .mutation(({ ctx, input }) => resetLinkAccount(ctx, input.token)),

  resetPassword: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/login/reset",
        tags: ["auth"],
        summary: "Set a new password with a reset link (single-use, 30 minutes); every session ends",
        protect: false,
      },
    })
    .input(resetPasswordInputSchema)
    .output(forgotPasswordOutputSchema)
    .mutation(async ({ ctx, input }) => {
      await resetPasswordWithLink(ctx, input.token, input.next);
      return { success: true as const };
    }),

  logout: publicProcedure
    .meta({ openapi: { method: "POST", path: "/logout", tags: ["auth"], summary: "End the session on the server", protect: false } })
    .input(z.void())
    .output(logoutOutputSchema)
    .mutation(async ({ ctx }) => {
      await signOut(ctx);
      return { success: true as const };
    }),
});
