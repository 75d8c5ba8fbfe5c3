import type { User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { SIGN_IN_REQUIRED } from "../trpc";

/**
 * The admin check for doors outside tRPC (downloads). Inside tRPC, roleProcedure("admin") does
 * the same; both audit a refusal.
 */
export async function authorizeAdmin(ctx: RequestContext, what: string): Promise<RequestContext & { user: User }> {
  if (!ctx.user) throw new AppError("UNAUTHENTICATED", SIGN_IN_REQUIRED);
  if (ctx.user.role !== "admin") {
    await recordAudit(ctx, { actorId: ctx.user.id, action: "access.denied", outcome: "denied", request: ctx.request, details: { procedure: what, reason: "FORBIDDEN" } });
    throw new AppError("FORBIDDEN", "You do not have permission to do that.");
  }
  return ctx as RequestContext & { user: User };
}
