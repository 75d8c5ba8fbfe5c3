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
  type LoginSession,
  type User,
} from "@halcyon/db";
import type { ClinicServices, RequestContext, RequestMeta } from "../context";

/** Activity is written back at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000;

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function startLoginSession(services: ClinicServices, userId: number, request: RequestMeta): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const now = services.now();
  const expiresAt = new Date(now.getTime() + services.config.session.absoluteLifetimeMs);
  await insertLoginSession(services.db, {
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

export async function endLoginSession(services: ClinicServices, token: string): Promise<void> {
  await deleteLoginSession(services.db, hashSessionToken(token));
}

/** Ends every session of a user, and tells open sockets to close. */
export async function endAllLoginSessionsOf(services: ClinicServices, userId: number): Promise<number> {
  const ended = await deleteLoginSessionsOfUser(services.db, userId);
  services.events.publish({ type: "sessions_ended", data: { userId }, recipients: [userId] });
  return ended;
}

/** Signs the caller in as `userId` with a fresh token, ending whatever session they held before. */
export async function beginSession(ctx: RequestContext, userId: number): Promise<void> {
  if (ctx.sessionToken) await endLoginSession(ctx, ctx.sessionToken);
  const session = await startLoginSession(ctx, userId, ctx.request);
  ctx.cookies.set(session.token, session.expiresAt);
}
