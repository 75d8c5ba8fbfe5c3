// A member's own view of where they are signed in: each session with its device, address and
// times, and the power to end any one of them or all but this one. An admin can end all of
// anyone's. Ending a session closes its sockets at once and is audited.
import { createHash } from "node:crypto";
import {
  deleteLoginSession,
  deleteOtherLoginSessionsOfUser,
  findUserById,
  listLoginSessionsOfUser,
  type Database,
  type LoginSessionDetails,
  type Transaction,
  type User,
} from "@halcyon/db";
import { recordAudit, type AuditAction } from "../audit/audit";
import { endAllLoginSessionsOf, hashSessionToken, isSessionLive } from "../auth/sessions";
import type { RequestContext } from "../context";
import { AppError } from "../errors";

type Member = RequestContext & { user: User };

export const SESSION_NOT_FOUND = "That session has already ended.";
export const USER_NOT_FOUND = "No such user.";

export interface MemberSession {
  id: string;
  current: boolean;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
}

/**
 * The id a session goes by in the API: derived from the stored hash of its token, so neither the
 * token nor the stored hash ever leaves the server.
 */
function publicSessionId(idHash: string): string {
  return createHash("sha256").update(`session:${idHash}`).digest("base64url").slice(0, 22);
}

async function liveSessionsOf(ctx: Member): Promise<LoginSessionDetails[]> {
  return (await listLoginSessionsOfUser(ctx.db, ctx.user.id)).filter((session) => isSessionLive(ctx, session));
}

export async function listMemberSessions(ctx: Member): Promise<MemberSession[]> {
  const current = ctx.sessionToken ? hashSessionToken(ctx.sessionToken) : undefined;
  return (await liveSessionsOf(ctx)).map((session) => ({
    id: publicSessionId(session.idHash),
    current: session.idHash === current,
    userAgent: session.userAgent,
    ip: session.ip,
    createdAt: session.createdAt,
    lastSeenAt: session.lastSeenAt,
  }));
}

/** Closes the sockets of the sessions just ended (after their transaction has committed). */
export function announceEnded(ctx: Member, idHashes: string[]): void {
  for (const sessionIdHash of idHashes) {
    ctx.events.publish({ type: "sessions_ended", data: { userId: ctx.user.id, sessionIdHash }, recipients: [ctx.user.id] });
  }
}

/** Ends one of the member's sessions; ending this one signs them out here too. */
export async function endMemberSession(ctx: Member, id: string): Promise<{ ended: number }> {
  const target = (await liveSessionsOf(ctx)).find((session) => publicSessionId(session.idHash) === id);
  if (!target) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
  await ownAccountChange(
    ctx,
    "auth.session_end",
    (trx) => deleteLoginSession(trx, target.idHash),
    () => ({ sessionId: id }),
  );
  announceEnded(ctx, [target.idHash]);
  if (ctx.sessionToken && hashSessionToken(ctx.sessionToken) === target.idHash) ctx.cookies.clear();
  return { ended: 1 };
}

/**
 * A change members make to their own account (a session ended, two-step sign-in turned on or
 * off), in one transaction with its audit row: `details` describes it from what `change` answers.
 */
export function ownAccountChange<T>(
  ctx: Member,
  action: AuditAction,
  change: (trx: Transaction<Database>) => Promise<T>,
  details?: (result: T) => Record<string, unknown>,
): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    const result = await change(trx);
    const event = { actorId: ctx.user.id, action, outcome: "success" as const, targetType: "user", targetId: ctx.user.id, request: ctx.request };
    await recordAudit(ctx, details ? { ...event, details: details(result) } : event, trx);
    return result;
  });
}

/** Inside `trx`: ends every session of the member but the one making the request; answers their hashes. */
export function deleteOtherSessionsOf(ctx: Member, trx: Parameters<typeof deleteOtherLoginSessionsOfUser>[0]): Promise<string[]> {
  return deleteOtherLoginSessionsOfUser(trx, ctx.user.id, ctx.sessionToken ? hashSessionToken(ctx.sessionToken) : "");
}

/** Ends every session of the member but the one making the request. */
export async function endOtherMemberSessions(ctx: Member): Promise<{ ended: number }> {
  const ended = await ownAccountChange(
    ctx,
    "auth.session_end",
    (trx) => deleteOtherSessionsOf(ctx, trx),
    (hashes) => ({ others: hashes.length }),
  );
  announceEnded(ctx, ended);
  return { ended: ended.length };
}

/** An admin ends every session of any member (their sockets close at once). */
export async function endAllSessionsOfUser(ctx: Member, userId: number): Promise<{ ended: number }> {
  if (!(await findUserById(ctx.db, userId))) throw new AppError("NOT_FOUND", USER_NOT_FOUND);
  const ended = await endAllLoginSessionsOf(ctx, userId, (trx, count) =>
    recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "admin.sessions_end",
        outcome: "success",
        targetType: "user",
        targetId: userId,
        request: ctx.request,
        details: { ended: count },
      },
      trx,
    ),
  );
  return { ended };
}
