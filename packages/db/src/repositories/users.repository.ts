import type { UserRole, UserRow } from "../schema";
import type { Db } from "./db";

/** A user as the rest of the system sees one: never with the password hash. */
export interface User {
  id: number;
  username: string;
  email: string | null;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  dateOfBirth: string;
  role: UserRole;
  profileImageUrl: string | null;
  createdAt: string;
  deactivatedAt: string | null;
  mustChangePassword: boolean;
  /** When the one-time password stops working; null once the user has a password of their own. */
  oneTimePasswordExpiresAt: string | null;
  /** The version of the password rules the password in use was last judged by. */
  passwordRulesVersion: number;
  /** Whether signing in takes a second step (an authenticator app). */
  twoStepEnabled: boolean;
}

/**
 * What a new account is made of. May be left out: profileImageUrl, oneTimePasswordExpiresAt
 * (staff-issued passwords) and passwordRulesVersion (0, "not judged yet", when the password was
 * not checked against the rules).
 */
export type NewUser = Pick<User, "username" | "email" | "firstName" | "lastName" | "phoneNumber" | "dateOfBirth" | "role" | "createdAt"> &
  Partial<Pick<User, "profileImageUrl" | "oneTimePasswordExpiresAt" | "passwordRulesVersion">> & { passwordHash: string };

export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phoneNumber: row.phone_number,
    dateOfBirth: row.date_of_birth,
    role: row.role,
    profileImageUrl: row.profile_image_url,
    createdAt: row.created_at,
    deactivatedAt: row.deactivated_at,
    mustChangePassword: Number(row.must_change_password) === 1,
    oneTimePasswordExpiresAt: row.one_time_password_expires_at,
    passwordRulesVersion: Number(row.password_rules_version),
    twoStepEnabled: Number(row.two_step_enabled) === 1,
  };
}

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  const row = await db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toUser(row);
}

/** The user and their password hash, for checking a sign-in and nothing else. */
export async function findUserCredentials(db: Db, username: string): Promise<{ user: User; passwordHash: string } | undefined> {
  const row = await db.selectFrom("users").selectAll().where("username_key", "=", usernameKey(username)).executeTakeFirst();
  return row && { user: toUser(row), passwordHash: row.password_hash };
}

/** The password hashes of whichever of these accounts exist (by username, any case). */
export async function passwordHashesOf(db: Db, usernames: string[]): Promise<{ username: string; passwordHash: string }[]> {
  if (usernames.length === 0) return [];
  const rows = await db.selectFrom("users").select(["username", "password_hash"]).where("username_key", "in", usernames.map(usernameKey)).execute();
  return rows.map((row) => ({ username: row.username, passwordHash: row.password_hash }));
}

export async function usernameExists(db: Db, username: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("id").where("username_key", "=", usernameKey(username)).executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(db: Db, user: NewUser): Promise<User> {
  const row = await db
    .insertInto("users")
    .values({
      username: user.username.trim(),
      username_key: usernameKey(user.username),
      password_hash: user.passwordHash,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      phone_number: user.phoneNumber,
      date_of_birth: user.dateOfBirth,
      role: user.role,
      profile_image_url: user.profileImageUrl ?? null,
      must_change_password: user.oneTimePasswordExpiresAt ? 1 : 0,
      one_time_password_expires_at: user.oneTimePasswordExpiresAt ?? null,
      // Left out, the column's default: 0, not judged yet.
      ...(user.passwordRulesVersion === undefined ? {} : { password_rules_version: user.passwordRulesVersion }),
      created_at: user.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUser(row);
}

/**
 * Sets a password, chosen under the password rules of `rulesVersion`; `oneTimeUntil` marks it
 * one-time (given by staff, to be replaced at sign-in) and working until then.
 */
export async function updatePasswordHash(
  db: Db,
  userId: number,
  password: { hash: string; rulesVersion: number; oneTimeUntil?: string | null },
): Promise<boolean> {
  const oneTimeUntil = password.oneTimeUntil ?? null;
  const result = await db
    .updateTable("users")
    .set({
      password_hash: password.hash,
      password_rules_version: password.rulesVersion,
      must_change_password: oneTimeUntil ? 1 : 0,
      one_time_password_expires_at: oneTimeUntil,
    })
    .where("id", "=", userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records that the password in use has been judged by the password rules of `rulesVersion`. */
export async function markPasswordJudged(db: Db, userId: number, rulesVersion: number): Promise<void> {
  await db.updateTable("users").set({ password_rules_version: rulesVersion }).where("id", "=", userId).execute();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
