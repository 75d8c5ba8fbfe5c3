import type { User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { assertFullAccess } from "../auth/full-access";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { SIGN_IN_REQUIRED } from "../trpc";

/**
 * The role check for doors outside tRPC (downloads, attachments). Inside tRPC, roleProcedure does
 * the same (a session on a one-time password is refused too); both audit a refusal.
 */
export async function authorizeRole(ctx: RequestContext, what: string, roles: readonly User["role"][]): Promise<RequestContext & { user: User }> {
  const { user } = ctx;
  if (!user) throw new AppError("UNAUTHENTICATED", SIGN_IN_REQUIRED);
  try {
    assertFullAccess(ctx.config, user);
    if (!roles.includes(user.role)) throw new AppError("FORBIDDEN", "You do not have permission to do that.");
  } catch (error) {
    await recordAudit(ctx, {
      actorId: user.id,
      action: "access.denied",
      outcome: "denied",
      request: ctx.request,
      details: { procedure: what, reason: "FORBIDDEN" },
    });
    throw error;
  }
  return ctx as RequestContext & { user: User };
}

export function authorizeAdmin(ctx: RequestContext, what: string): Promise<RequestContext & { user: User }> {
  return authorizeRole(ctx, what, ["admin"]);
}
