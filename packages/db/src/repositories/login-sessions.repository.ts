import type { LoginSessionRow } from "../schema";
import type { Db } from "./db";
import { toUser, type User } from "./users.repository";

export interface LoginSession {
  idHash: string;
  userId: number;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

function toLoginSession(row: LoginSessionRow): LoginSession {
  return {
    idHash: row.id_hash,
    userId: row.user_id,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
  };
}

export async function insertLoginSession(
  db: Db,
  session: LoginSession & { ip: string | null; userAgent: string | null },
): Promise<void> {
  await db
    .insertInto("login_sessions")
    .values({
      id_hash: session.idHash,
      user_id: session.userId,
      created_at: session.createdAt,
      last_seen_at: session.lastSeenAt,
      expires_at: session.expiresAt,
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .execute();
}

export async function findLoginSessionWithUser(
  db: Db,
  idHash: string,
): Promise<{ session: LoginSession; user: User } | undefined> {
  // One indexed read (primary key, joined to the user by primary key) per authenticated request.
  const row = await db
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
    ])
    .where("s.id_hash", "=", idHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const session = toLoginSession({
    id_hash: row.s_id_hash,
    user_id: row.s_user_id,
    created_at: row.s_created_at,
    last_seen_at: row.s_last_seen_at,
    expires_at: row.s_expires_at,
    ip: row.s_ip,
    user_agent: row.s_user_agent,
  });
  return { session, user: toUser(row) };
}

export async function touchLoginSession(db: Db, idHash: string, lastSeenAt: string): Promise<void> {
  await db.updateTable("login_sessions").set({ last_seen_at: lastSeenAt }).where("id_hash", "=", idHash).execute();
}

export async function deleteLoginSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom("login_sessions").where("id_hash", "=", idHash).execute();
}

export async function deleteLoginSessionsOfUser(db: Db, userId: number): Promise<number> {
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
