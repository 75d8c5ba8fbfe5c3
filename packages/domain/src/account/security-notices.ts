// A member hears of every change to how they sign in (issue 34): a notice written in the change's
// own transaction, with a link to say "this was not me". That link, the member's word against
// whoever has their account, ends every session of theirs at once, is audited and tells the
// admins; the member then sets a new password (Forgot password?).
import { findActiveAdminIds, findUserById, type Db } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { endAllLoginSessionsOf } from "../auth/sessions";
import type { ClinicServices, RequestContext } from "../context";
import { AppError } from "../errors";
import type { SecurityChange } from "../notices/kinds/account-notices";
import { enqueueNotices } from "../notices/outbox";
import { LINK_NOT_VALID, readLink, spendLink } from "../notices/signed-links";

/** Inside the change's transaction: the notice that tells the member of it (to their verified address). */
export async function tellOfSecurityChange(services: Pick<ClinicServices, "config" | "now">, trx: Db, userId: number, change: SecurityChange): Promise<void> {
  await enqueueNotices(services, trx, [{ kind: "security_change", userId, params: { change, at: services.now().toISOString() } }]);
}

/**
 * "This was not me", from a security notice's link (signed out is fine: the link is the proof):
 * every session of the member ends, the report is audited and each active admin is told.
 */
export async function reportNotMe(ctx: RequestContext, token: string): Promise<{ sessionsEnded: number }> {
  const now = ctx.now();
  const claims = readLink(ctx.secrets, token, "report_not_me", now);
  const member = await findUserById(ctx.db, claims.userId);
  if (!member) throw new AppError("INVALID_INPUT", LINK_NOT_VALID);
  const sessionsEnded = await endAllLoginSessionsOf(ctx, member.id, async (trx, ended) => {
    await spendLink(trx, claims, now);
    await recordAudit(
      ctx,
      {
        actorId: ctx.user?.id ?? null,
        action: "auth.report_not_me",
        outcome: "success",
        targetType: "user",
        targetId: member.id,
        request: ctx.request,
        details: { sessionsEnded: ended },
      },
      trx,
    );
    const admins = (await findActiveAdminIds(trx)).filter((id) => id !== member.id);
    await enqueueNotices(
      ctx,
      trx,
      admins.map((userId) => ({ kind: "not_me_reported" as const, userId, params: { at: now.toISOString() } })),
    );
  });
  // This browser too, if it was signed in as the member: their sessions are over.
  if (ctx.user?.id === member.id) ctx.cookies.clear();
  return { sessionsEnded };
}
