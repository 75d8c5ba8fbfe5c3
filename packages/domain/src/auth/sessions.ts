// Login sessions live in the database. The cookie holds a 256-bit random token; the database
// holds only its SHA-256, so a leaked table cannot be replayed. A session ends after an idle
// period or at its absolute lifetime, whichever comes first, and at once on logout.
import { createHash, randomBytes } from "node:crypto";
import {
  deleteLoginSession,
  deleteLoginSessionsOfUser,
  findLoginSessionWithUser,
  insertLoginSession,
  touchLoginSession,
  type Database,
  type Db,
  type LoginSession,
  type Transaction,
  type User,
} from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { ClinicServices, RequestContext, RequestMeta } from "../context";

/** Activity is written back at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000;

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Writes a new session of `userId` on `db` (the clinic's database or a transaction); answers its token. */
export async function startLoginSession(
  services: Pick<ClinicServices, "now" | "config">,
  db: Db,
  userId: number,
  request: RequestMeta,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const now = services.now();
  const expiresAt = new Date(now.getTime() + services.config.session.absoluteLifetimeMs);
  await insertLoginSession(db, {
    idHash: hashSessionToken(token),
    userId,
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    ip: request.ip,
    userAgent: request.userAgent?.slice(0, 512) ?? null,
  });
  return { token, expiresAt };
}

/**
 * The signed-in user behind a token, or null when the session is unknown, ended or the user
 * deactivated. `touch: false` checks without counting as activity (socket heartbeats).
 */
export async function resolveLoginSession(services: ClinicServices, token: string, { touch = true } = {}): Promise<User | null> {
  const idHash = hashSessionToken(token);
  const found = await findLoginSessionWithUser(services.db, idHash);
  if (!found) return null;
  if (!isSessionLive(services, found.session) || found.user.deactivatedAt !== null) {
    await deleteLoginSession(services.db, idHash);
    return null;
  }
  const now = services.now().getTime();
  if (touch && now - Date.parse(found.session.lastSeenAt) >= TOUCH_INTERVAL_MS) {
    await touchLoginSession(services.db, idHash, new Date(now).toISOString());
  }
  return found.user;
}

/** A session lives until its absolute end, and while it has been used within the idle timeout. */
export function isSessionLive(services: Pick<ClinicServices, "now" | "config">, session: Pick<LoginSession, "expiresAt" | "lastSeenAt">): boolean {
  const now = services.now().getTime();
  return now < Date.parse(session.expiresAt) && now - Date.parse(session.lastSeenAt) < services.config.session.idleTimeoutMs;
}

/**
 * Ends every session of a user, and then tells their open sockets to close. `alsoInside` writes
 * what must commit with it (its audit row, given how many sessions ended), in its transaction.
 */
export async function endAllLoginSessionsOf(
  services: ClinicServices,
  userId: number,
  alsoInside: (trx: Transaction<Database>, ended: number) => Promise<void>,
): Promise<number> {
  const ended = await services.db.transaction().execute(async (trx) => {
    const count = await deleteLoginSessionsOfUser(trx, userId);
    await alsoInside(trx, count);
    return count;
  });
  announceAllSessionsEnded(services, userId);
  return ended;
}

/** Closes every open socket of a user whose sessions a committed transaction has deleted. */
export function announceAllSessionsEnded(services: Pick<ClinicServices, "events">, userId: number): void {
  services.events.publish({ type: "sessions_ended", data: { userId }, recipients: [userId] });
}

/**
 * A sign-in that succeeded: the member's new session and its audit row (with `details`, e.g. the
 * second step used), and `alsoInside` (what the sign-in uses up), in one commit.
 */
export async function openSignedInSession(
  ctx: RequestContext,
  user: User,
  details?: Record<string, unknown>,
  alsoInside?: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  await beginSession(ctx, user.id, async (trx) => {
    await alsoInside?.(trx);
    const event = { actorId: user.id, action: "auth.login" as const, outcome: "success" as const, targetType: "user", targetId: user.id, request: ctx.request };
    await recordAudit(ctx, details ? { ...event, details } : event, trx);
  });
}

/**
 * Signs the caller in as `userId` with a fresh token, ending whatever session they held before.
 * `alsoInside` writes what must commit with the new session (its audit row), in its transaction.
 */
export async function beginSession(ctx: RequestContext, userId: number, alsoInside?: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
  const session = await ctx.db.transaction().execute(async (trx) => {
    if (ctx.sessionToken) await deleteLoginSession(trx, hashSessionToken(ctx.sessionToken));
    await alsoInside?.(trx);
    return startLoginSession(ctx, trx, userId, ctx.request);
  });
  ctx.cookies.set(session.token, session.expiresAt);
}
