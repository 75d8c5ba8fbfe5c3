// tRPC is initialised once, here; every procedure of the clinic is built from these builders,
// so authentication and role checks cannot be forgotten on a new route.
import { initTRPC } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { z } from "zod";
import { recordAudit } from "./audit/audit";
import { assertOwnPassword } from "./auth/one-time-passwords";
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

export const publicProcedure = t.procedure.use(auditRefusals);

export const SIGN_IN_REQUIRED = "Unauthorized: please sign in to continue.";

/**
 * Signed in, even on a one-time password (narrows `ctx.user` to a user). Only what such a session
 * may do uses it: read its own user and replace the password.
 */
export const signedInProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new AppError("UNAUTHENTICATED", SIGN_IN_REQUIRED);
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/**
 * Signed-in users with a password of their own: every procedure that needs a session. A session
 * still on its one-time password is refused (403) before its input is even read.
 */
export const authedProcedure = signedInProcedure.use(({ ctx, next }) => {
  assertOwnPassword(ctx.user);
  return next();
});

/**
 * Open to visitors who are not signed in, and to users with a password of their own; a session on
 * a one-time password is refused here as everywhere but its own door.
 */
export const visitorProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.user) assertOwnPassword(ctx.user);
  return next();
});

/** Signed-in users with one of `roles` (refusals are audited like every other). */
export function roleProcedure(...roles: UserRole[]) {
  return authedProcedure.use(({ ctx, next }) => {
    if (!roles.includes(ctx.user.role)) throw new AppError("FORBIDDEN", "You do not have permission to do that.");
    return next();
  });
}

/**
 * An answer's schema (`.output(checkedOutput(schema))`): every answer is checked against it on
 * the way out, which also drops any field it does not name. tRPC checks with `parseAsync`, which
 * in zod 4 bypasses the compiled fast path; answers have no asynchronous refinements, so the
 * synchronous parse makes the same check about ten times faster (100 appointments: 0.20 → 0.02 ms).
 */
export function checkedOutput<Schema extends z.ZodType>(schema: Schema): Schema {
  return Object.assign(schema, { parseAsync: async (data: unknown) => schema.parse(data) });
}
