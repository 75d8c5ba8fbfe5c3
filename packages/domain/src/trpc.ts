// tRPC is initialised once, here; every procedure of the clinic is built from these builders,
// so authentication and role checks cannot be forgotten on a new route.
import { initTRPC } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { recordAudit } from "./audit/audit";
import { fullAccessUser, signedInUser, userInRole } from "./auth/full-access";
import { assertOwnPassword } from "./auth/one-time-passwords";
import { refuseNulCharacters } from "./client-input";
import type { RequestContext } from "./context";
import { AppError, toPublicError } from "./errors";
import { requireRecentCheck } from "./two-step/recent-check";
import { needsRecheck } from "./two-step/rechecked-procedures";
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
          // A refusal the client acts on by name (REAUTH_REQUIRED, TWO_STEP_REQUIRED), as REST's `code` says it.
          ...(publicError.code !== shape.data.code ? { reason: publicError.code } : {}),
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every refused access (forbidden, or a record the caller may not see) goes to the audit log,
 * whichever check refused it. Sign-in procedures record their own outcomes. The doors outside
 * tRPC (files, downloads) call it too.
 */
export async function auditRefusal(ctx: RequestContext, path: string, error: unknown): Promise<void> {
  if (path.startsWith("auth.") || !(error instanceof AppError) || !["FORBIDDEN", "TWO_STEP_REQUIRED", "NOT_FOUND"].includes(error.appCode)) return;
  await recordAudit(ctx, {
    actorId: ctx.user?.id ?? null,
    action: "access.denied",
    outcome: "denied",
    request: ctx.request,
    details: { procedure: path, reason: error.appCode },
  });
}

/**
 * The one middleware of each kind of procedure (tRPC copies its call state at every middleware,
 * so the checks share one): `admit` refuses a caller who may not call it, or answers what the
 * procedure may rely on of the context; then text holding U+0000 is a 400, before the
 * procedure's own schema reads its input; then a procedure that grants access or changes who
 * someone is (rechecked-procedures.ts) needs a recent re-check; every refusal on the way, and
 * the procedure's own, is audited.
 */
function guardedProcedure<Admitted extends object>(admit: (ctx: RequestContext) => Admitted) {
  return t.procedure.use(async ({ ctx, path, getRawInput, next }) => {
    let admitted: Admitted;
    try {
      admitted = admit(ctx);
      const rawInput = await getRawInput();
      refuseNulCharacters(rawInput);
      if (needsRecheck(path, rawInput, ctx)) await requireRecentCheck(ctx);
    } catch (error) {
      await auditRefusal(ctx, path, error);
      throw error;
    }
    const result = await next({ ctx: admitted });
    if (!result.ok) await auditRefusal(ctx, path, result.error);
    return result;
  });
}

export const publicProcedure = guardedProcedure(() => ({}));

/**
 * Signed in, even on a one-time password (narrows `ctx.user` to a user). Only what such a session
 * may do uses it: read its own user and replace the password.
 */
export const signedInProcedure = guardedProcedure((ctx) => ({ user: signedInUser(ctx) }));

/**
 * Signed in with a password of their own, whether or not the clinic's two-step policy is met yet:
 * only what setting up two-step sign-in takes (its status, a re-check of the password, the set-up).
 */
export const ownPasswordProcedure = guardedProcedure((ctx) => {
  const user = signedInUser(ctx);
  assertOwnPassword(user);
  return { user };
});

/** Signed-in users with full access: every procedure that needs a session. */
export const authedProcedure = guardedProcedure((ctx) => ({ user: fullAccessUser(ctx) }));

/** Signed-in users with one of `roles` (refusals are audited like every other). */
export function roleProcedure(...roles: UserRole[]) {
  return guardedProcedure((ctx) => ({ user: userInRole(ctx, roles) }));
}
