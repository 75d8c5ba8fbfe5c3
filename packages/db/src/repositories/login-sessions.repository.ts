import type { LoginSessionRow } from "../schema";
import { preparedQuery } from "../prepared-query";
import type { Db } from "./db";
import { toUser, type User } from "./users.repository";

export interface LoginSession {
  idHash: string;
  userId: number;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  /** When the member last proved who they are in this session: at sign-in, then at each re-check. */
  verifiedAt: string | null;
}

function toLoginSession(row: LoginSessionRow): LoginSession {
  return {
    idHash: row.id_hash,
    userId: row.user_id,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    verifiedAt: row.verified_at,
  };
}

export async function insertLoginSession(db: Db, session: Omit<LoginSession, "verifiedAt"> & { ip: string | null; userAgent: string | null }): Promise<void> {
  await db
    .insertInto("login_sessions")
    .values({
      id_hash: session.idHash,
      user_id: session.userId,
      created_at: session.createdAt,
      last_seen_at: session.lastSeenAt,
      expires_at: session.expiresAt,
      // Signing in is proving who you are: a new session starts verified.
      verified_at: session.createdAt,
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .execute();
}

/** One indexed read (primary key, joined to the user by primary key) per authenticated request. */
const sessionWithUser = preparedQuery((db, { idHash }: { idHash: string }) =>
  db
    .selectFrom("login_sessions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .selectAll("u")
    .select([
      "s.id_hash as s_id_hash",
      "s.user_id as s_user_id",
      "s.created_at as s_created_at",
      "s.last_seen_at as s_last_seen_at",
      "s.expires_at as s_expires_at",
      "s.ip as s_ip",
      "s.user_agent as s_user_agent",
      "s.verified_at as s_verified_at",
    ])
    .where("s.id_hash", "=", idHash),
);

export async function findLoginSessionWithUser(db: Db, idHash: string): Promise<{ session: LoginSession; user: User } | undefined> {
  const [row] = await sessionWithUser(db, { idHash });
  if (!row) return undefined;
  const session = toLoginSession({
    id_hash: row.s_id_hash,
    user_id: row.s_user_id,
    created_at: row.s_created_at,
    last_seen_at: row.s_last_seen_at,
    expires_at: row.s_expires_at,
    ip: row.s_ip,
    user_agent: row.s_user_agent,
    verified_at: row.s_verified_at,
  });
  return { session, user: toUser(row) };
}

export async function touchLoginSession(db: Db, idHash: string, lastSeenAt: string): Promise<void> {
  await db.updateTable("login_sessions").set({ last_seen_at: lastSeenAt }).where("id_hash", "=", idHash).execute();
}

export async function deleteLoginSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom("login_sessions").where("id_hash", "=", idHash).execute();
}

/**
 * A member's sign-ins waiting for their second step end with their sessions: whatever ended the
 * sessions (a new password, a one-time password, a reset of two-step sign-in, deactivation) must
 * not leave a sign-in that passed the old password one code away from a new session.
 */
async function deletePendingSignInsOfUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom("pending_sign_ins").where("user_id", "=", userId).execute();
}

/** Ends every session of a user, and their pending sign-ins with them. */
export async function deleteLoginSessionsOfUser(db: Db, userId: number): Promise<number> {
  await deletePendingSignInsOfUser(db, userId);
  const result = await db.deleteFrom("login_sessions").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes sessions past their absolute end or idle since before `idleBefore`. */
export async function purgeEndedLoginSessions(db: Db, now: string, idleBefore: string): Promise<number> {
  const result = await db
    .deleteFrom("login_sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", now), eb("last_seen_at", "<", idleBefore)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface LoginSessionDetails extends LoginSession {
  ip: string | null;
  userAgent: string | null;
}

/** A member's sessions, the most recently used first (ended ones too, until purged). */
export async function listLoginSessionsOfUser(db: Db, userId: number): Promise<LoginSessionDetails[]> {
  const rows = await db.selectFrom("login_sessions").selectAll().where("user_id", "=", userId).orderBy("last_seen_at", "desc").execute();
  return rows.map((row) => ({ ...toLoginSession(row), ip: row.ip, userAgent: row.user_agent }));
}

/** Ends a member's sessions other than `keepIdHash`, and every pending sign-in of theirs; answers the hashes of the sessions it ended. */
export async function deleteOtherLoginSessionsOfUser(db: Db, userId: number, keepIdHash: string): Promise<string[]> {
  await deletePendingSignInsOfUser(db, userId);
  const rows = await db.deleteFrom("login_sessions").where("user_id", "=", userId).where("id_hash", "<>", keepIdHash).returning("id_hash").execute();
  return rows.map((row) => row.id_hash);
}

/** Marks the session as having proved, at `at`, who is behind it. */
export async function markLoginSessionVerified(db: Db, idHash: string, at: string): Promise<void> {
  await db.updateTable("login_sessions").set({ verified_at: at }).where("id_hash", "=", idHash).execute();
}
