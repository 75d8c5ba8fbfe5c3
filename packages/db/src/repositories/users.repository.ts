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

/** How a member's password becomes their secrets (Argon2id): fixed when the account is made. */
export interface PasswordKdf {
  /** 16 bytes, base64url. */
  salt: string;
  memoryKiB: number;
  iterations: number;
  parallelism: number;
}

/** What checks a sign-in: the stored verifier, and how the member's secrets are derived. */
export interface Credentials {
  user: User;
  passwordHash: string;
  /** Null while the member is on a pre-split verifier. */
  kdf: PasswordKdf | null;
  /** A pre-split member's old hash's salt and parameters, once their verifier is wrapped (see the split-sign-in-secrets migration). */
  legacyKdf: PasswordKdf | null;
}

const parseKdf = (stored: string | null): PasswordKdf | null => (stored === null ? null : (JSON.parse(stored) as PasswordKdf));
const storedKdf = ({ salt, memoryKiB, iterations, parallelism }: PasswordKdf): string => JSON.stringify({ salt, memoryKiB, iterations, parallelism });

/**
 * What a new account is made of. May be left out: profileImageUrl, oneTimePasswordExpiresAt
 * (staff-issued passwords) and passwordRulesVersion (0, "not judged yet", when the password was
 * not checked against the rules).
 */
export type NewUser = Pick<User, "username" | "email" | "firstName" | "lastName" | "phoneNumber" | "dateOfBirth" | "role" | "createdAt"> &
  Partial<Pick<User, "profileImageUrl" | "oneTimePasswordExpiresAt" | "passwordRulesVersion">> & { passwordHash: string; kdf: PasswordKdf };

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

/** The user and their verifier, for checking a sign-in and nothing else. */
export async function findUserCredentials(db: Db, username: string): Promise<Credentials | undefined> {
  const row = await db.selectFrom("users").selectAll().where("username_key", "=", usernameKey(username)).executeTakeFirst();
  return row && { user: toUser(row), passwordHash: row.password_hash, kdf: parseKdf(row.kdf), legacyKdf: parseKdf(row.legacy_kdf) };
}

/** Whether any member is still on a pre-split verifier (a clinic-wide fact). */
export async function anyLegacyVerifier(db: Db): Promise<boolean> {
  const row = await db.selectFrom("users").select("id").where("kdf", "is", null).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Pre-split verifiers still stored as they were made (a PHC string a stolen copy could replay): the start wraps them. */
export async function unwrappedLegacyVerifiers(db: Db): Promise<{ userId: number; passwordHash: string }[]> {
  const rows = await db.selectFrom("users").select(["id", "password_hash"]).where("kdf", "is", null).where("legacy_kdf", "is", null).execute();
  return rows.map((row) => ({ userId: row.id, passwordHash: row.password_hash }));
}

/** Replaces an unwrapped pre-split verifier by its wrapped form; false when it was wrapped meanwhile (another instance). */
export async function wrapLegacyVerifier(db: Db, userId: number, wrapped: { hash: string; legacyKdf: PasswordKdf }): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ password_hash: wrapped.hash, legacy_kdf: storedKdf(wrapped.legacyKdf) })
    .where("id", "=", userId)
    .where("kdf", "is", null)
    .where("legacy_kdf", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Moves a pre-split member onto their derivation and its verifier (at their first sign-in since). */
export async function upgradeLegacyVerifier(db: Db, userId: number, verifier: { hash: string; kdf: PasswordKdf }): Promise<void> {
  await db
    .updateTable("users")
    .set({ password_hash: verifier.hash, kdf: storedKdf(verifier.kdf), legacy_kdf: null })
    .where("id", "=", userId)
    .where("kdf", "is", null)
    .execute();
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
      kdf: storedKdf(user.kdf),
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
 * Sets a password's verifier, derived with `kdf` (the member's own; a pre-split member's first
 * one) and chosen under the password rules of `rulesVersion`; `oneTimeUntil` marks it one-time
 * (given by staff, to be replaced at sign-in) and working until then.
 */
export async function updatePasswordHash(
  db: Db,
  userId: number,
  password: { hash: string; kdf: PasswordKdf; rulesVersion: number; oneTimeUntil?: string | null },
): Promise<boolean> {
  const oneTimeUntil = password.oneTimeUntil ?? null;
  const result = await db
    .updateTable("users")
    .set({
      password_hash: password.hash,
      kdf: storedKdf(password.kdf),
      legacy_kdf: null,
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

/** Records that these members' addresses are their own (they followed the link sent there). */
export async function setEmailVerified(db: Db, userIds: number[], at: string): Promise<void> {
  if (userIds.length === 0) return;
  await db.updateTable("users").set({ email_verified_at: at }).where("id", "in", userIds).where("email", "is not", null).execute();
}
