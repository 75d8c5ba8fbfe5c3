// tRPC is initialised once, here; every procedure of the clinic is built from these builders,
// so authentication and role checks cannot be forgotten on a new route.
import { initTRPC } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { recordAudit } from "./audit/audit";
import { assertOwnPassword } from "./auth/one-time-passwords";
import { parseClientInput, withoutNulCharacters } from "./client-input";
import type { RequestContext } from "./context";
import { AppError, toPublicError } from "./errors";
import type { UserRole } from "./users/user.schema";

const t = initTRPC
  .context<RequestContext>()
  .meta<OpenApiMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const publicError = toPublicError(error);
      return {
        code: shape.code,
        message: publicError.message,
        data: {
          code: shape.data.code,
          httpStatus: publicError.status,
          path: shape.data.path,
          issues: publicError.issues,
          retryAfterSeconds: publicError.retryAfterSeconds,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every refused access (forbidden, or a record the caller may not see) goes to the audit log,
 * whichever procedure refused it. Sign-in procedures record their own outcomes.
 */
const auditRefusals = t.middleware(async ({ ctx, path, next }) => {
  const result = await next();
  if (!result.ok && !path.startsWith("auth.") && result.error instanceof AppError && ["FORBIDDEN", "NOT_FOUND"].includes(result.error.appCode)) {
    await recordAudit(ctx, {
      actorId: ctx.user?.id ?? null,
      action: "access.denied",
      outcome: "denied",
      request: ctx.request,
      details: { procedure: path, reason: result.error.appCode },
    });
  }
  return result;
});

const audited = t.procedure.use(auditRefusals);

/**
 * The last step before a procedure's own schema reads its input: text holding U+0000 is a 400.
 * Each builder below ends with it, so sign-in and role refusals still come first.
 */
const refuseNulCharacters = t.middleware(async ({ getRawInput, next }) => {
  parseClientInput(withoutNulCharacters, await getRawInput());
  return next();
});

export const publicProcedure = audited.use(refuseNulCharacters);

export const SIGN_IN_REQUIRED = "Unauthorized: please sign in to continue.";

/**
 * Signed in, even on a one-time password (narrows `ctx.user` to a user). Only what such a session
 * may do uses it: read its own user and replace the password.
 */
const signedIn = audited.use(({ ctx, next }) => {
  if (!ctx.user) throw new AppError("UNAUTHENTICATED", SIGN_IN_REQUIRED);
  return next({ ctx: { ...ctx, user: ctx.user } });
});
export const signedInProcedure = signedIn.use(refuseNulCharacters);

/**
 * Signed-in users with a password of their own: every procedure that needs a session. A session
 * still on its one-time password is refused (403) before its input is even read.
 */
const withOwnPassword = signedIn.use(({ ctx, next }) => {
  assertOwnPassword(ctx.user);
  return next();
});
export const authedProcedure = withOwnPassword.use(refuseNulCharacters);

/** Signed-in users with one of `roles` (refusals are audited like every other). */
export function roleProcedure(...roles: UserRole[]) {
  return withOwnPassword
    .use(({ ctx, next }) => {
      if (!roles.includes(ctx.user.role)) throw new AppError("FORBIDDEN", "You do not have permission to do that.");
      return next();
    })
    .use(refuseNulCharacters);
}
