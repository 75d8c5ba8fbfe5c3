// Two-step sign-in's records: a member's authenticator (TOTP) secret (sealed by the domain under
// the server's secrets key: this file stores and compares it as text), their recovery codes (slow
// hashes), an enrolment code an admin gave them, and the sign-ins that have passed the password and
// wait for the second step. Passkeys, the other second step, are in passkeys.repository.ts.
import { sql } from "kysely";
import type { Db } from "./db";
import { toUser, type User } from "./users.repository";

export interface TotpFactor {
  userId: number;
  secret: string;
  confirmedAt: string | null;
  lastTimeStep: number | null;
}

export async function findTotpFactor(db: Db, userId: number): Promise<TotpFactor | undefined> {
  const row = await db.selectFrom("totp_factors").selectAll().where("user_id", "=", userId).executeTakeFirst();
  return row && { userId: row.user_id, secret: row.secret, confirmedAt: row.confirmed_at, lastTimeStep: row.last_time_step };
}

/** A new, unconfirmed secret for the member, replacing an unconfirmed one; never a confirmed one (false then). */
export async function saveUnconfirmedTotpFactor(db: Db, userId: number, secret: string): Promise<boolean> {
  const result = await db
    .insertInto("totp_factors")
    .values({ user_id: userId, secret, confirmed_at: null, last_time_step: null })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ secret, confirmed_at: null, last_time_step: null }).where("totp_factors.confirmed_at", "is", null))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/**
 * Turns on the factor with `secret` (the one the first code was checked against), unless a
 * set-up racing with this one replaced or confirmed it first (false then). Run it in a
 * transaction: the user's two_step_enabled changes with it.
 */
export async function confirmTotpFactor(db: Db, userId: number, secret: string, at: string, timeStep: number): Promise<boolean> {
  await holdFactorsOf(db, userId);
  const result = await db
    .updateTable("totp_factors")
    .set({ confirmed_at: at, last_time_step: timeStep })
    .where("user_id", "=", userId)
    .where("secret", "=", secret)
    .where("confirmed_at", "is", null)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) return false;
  await db.updateTable("users").set({ two_step_enabled: 1 }).where("id", "=", userId).execute();
  return true;
}

/**
 * Takes a code's time step as used, unless it or a later one was taken already: one statement, so
 * of two sign-ins racing with one code only one gets it.
 */
export async function claimTotpTimeStep(db: Db, userId: number, timeStep: number): Promise<boolean> {
  const result = await db
    .updateTable("totp_factors")
    .set({ last_time_step: timeStep })
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("last_time_step", "is", null), eb("last_time_step", "<", timeStep)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What second steps a member holds, in one read. */
export interface Factors {
  /** A confirmed authenticator app. */
  totp: boolean;
  passkeys: number;
  recoveryCodes: number;
}

export async function factorsOf(db: Db, userId: number): Promise<Factors> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom("totp_factors").select("user_id").where("user_id", "=", userId).where("confirmed_at", "is not", null)).as("totp"),
      eb
        .selectFrom("passkeys")
        .select((count) => count.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .as("passkeys"),
      eb
        .selectFrom("recovery_codes")
        .select((count) => count.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .as("recovery_codes"),
    ])
    .executeTakeFirstOrThrow();
  return { totp: Boolean(row.totp), passkeys: Number(row.passkeys ?? 0), recoveryCodes: Number(row.recovery_codes ?? 0) };
}

/**
 * Takes the member's user row for the rest of the transaction, before any of their factors is
 * added or removed: two such changes then run one after the other, and the second one's
 * statements see what the first committed (on PostgreSQL; SQLite's one writer does this anyway).
 * Without it, a passkey added while the authenticator is turned off could leave the member's
 * two_step_enabled at 0 beside a passkey.
 */
export async function holdFactorsOf(db: Db, userId: number): Promise<void> {
  await db
    .updateTable("users")
    .set((eb) => ({ two_step_enabled: eb.ref("two_step_enabled") }))
    .where("id", "=", userId)
    .execute();
}

/**
 * Turns the member's user row's two_step_enabled to whether a second step is left: a confirmed
 * authenticator or a passkey; with none left, their recovery codes go too. Answers it. Run it in
 * the transaction that added or removed a factor, after holdFactorsOf.
 */
export async function refreshTwoStepEnabled(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .updateTable("users")
    .set((eb) => ({
      two_step_enabled: eb
        .case()
        .when(
          eb.or([
            eb.exists(eb.selectFrom("totp_factors").select("user_id").where("user_id", "=", userId).where("confirmed_at", "is not", null)),
            eb.exists(eb.selectFrom("passkeys").select("id").where("user_id", "=", userId)),
          ]),
        )
        .then(1)
        .else(0)
        .end(),
    }))
    .where("id", "=", userId)
    .returning("two_step_enabled")
    .executeTakeFirstOrThrow();
  if (row.two_step_enabled === 1) return true;
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  return false;
}

/**
 * Removes the member's authenticator, and their recovery codes with it when no passkey is left.
 * Run it in a transaction: the user's two_step_enabled changes with it.
 */
export async function deleteTotpFactor(db: Db, userId: number): Promise<void> {
  await holdFactorsOf(db, userId);
  await db.deleteFrom("totp_factors").where("user_id", "=", userId).execute();
  await refreshTwoStepEnabled(db, userId);
}

/** Removes every factor (an admin's reset); run it in a transaction: two_step_enabled changes with it. */
export async function deleteTwoStepFactors(db: Db, userId: number): Promise<void> {
  await holdFactorsOf(db, userId);
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await db.deleteFrom("totp_factors").where("user_id", "=", userId).execute();
  await db.deleteFrom("passkeys").where("user_id", "=", userId).execute();
  await db.updateTable("users").set({ two_step_enabled: 0 }).where("id", "=", userId).execute();
}

/** A recovery code as stored: its slow hash, and its first group in the clear (null for codes from before groups). */
export interface StoredRecoveryCode {
  prefix: string | null;
  hash: string;
}

export async function replaceRecoveryCodes(db: Db, userId: number, codes: StoredRecoveryCode[]): Promise<void> {
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await db
    .insertInto("recovery_codes")
    .values(codes.map((code) => ({ user_id: userId, code_hash: code.hash, code_prefix: code.prefix })))
    .execute();
}

/** The member's recovery codes that begin with `prefix`, or, with null, their codes from before prefixes. */
export async function findRecoveryCodes(db: Db, userId: number, prefix: string | null): Promise<{ id: number; codeHash: string }[]> {
  const rows = await db
    .selectFrom("recovery_codes")
    .select(["id", "code_hash"])
    .where("user_id", "=", userId)
    .where("code_prefix", prefix === null ? "is" : "=", prefix)
    .execute();
  return rows.map((row) => ({ id: row.id, codeHash: row.code_hash }));
}

/** Uses up a recovery code: true for the one caller that deleted it. */
export async function useRecoveryCode(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom("recovery_codes").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Authenticator secrets still stored as typed (from before they were sealed): user id and secret. */
export async function listUnsealedTotpSecrets(db: Db, sealedPrefix: string): Promise<{ userId: number; secret: string }[]> {
  // The pattern is written into the statement, not bound: only then can the planner see that it
  // matches totp_factors_unsealed_idx's predicate (2026-12-01T3000), and read just those rows.
  const rows = await db
    .selectFrom("totp_factors")
    .select(["user_id", "secret"])
    .where("secret", "not like", sql.lit(`${sealedPrefix}%`))
    .execute();
  return rows.map((row) => ({ userId: row.user_id, secret: row.secret }));
}

/** Replaces a stored secret with its sealed form, unless it changed meanwhile (a new set-up wrote its own). */
export async function replaceTotpSecret(db: Db, userId: number, from: string, to: string): Promise<void> {
  await db.updateTable("totp_factors").set({ secret: to }).where("user_id", "=", userId).where("secret", "=", from).execute();
}

export interface PendingSignIn {
  idHash: string;
  userId: number;
  expiresAt: string;
}

export async function insertPendingSignIn(db: Db, pending: PendingSignIn): Promise<void> {
  await db.insertInto("pending_sign_ins").values({ id_hash: pending.idHash, user_id: pending.userId, expires_at: pending.expiresAt }).execute();
}

/** A pending sign-in and the member it is for, in one read. */
export async function findPendingSignIn(db: Db, idHash: string): Promise<{ pending: PendingSignIn; user: User } | undefined> {
  const row = await db
    .selectFrom("pending_sign_ins as p")
    .innerJoin("users as u", "u.id", "p.user_id")
    .selectAll("u")
    .select(["p.id_hash as p_id_hash", "p.expires_at as p_expires_at"])
    .where("p.id_hash", "=", idHash)
    .executeTakeFirst();
  return row && { pending: { idHash: row.p_id_hash, userId: row.id, expiresAt: row.p_expires_at }, user: toUser(row) };
}

export async function deletePendingSignIn(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom("pending_sign_ins").where("id_hash", "=", idHash).execute();
}

export async function purgeExpiredPendingSignIns(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom("pending_sign_ins").where("expires_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A staff member's enrolment code (its hash), replacing one given before. */
export async function saveEnrolmentCode(db: Db, code: { userId: number; codeHash: string; issuedBy: number | null; expiresAt: string }): Promise<void> {
  const values = { code_hash: code.codeHash, issued_by: code.issuedBy, expires_at: code.expiresAt };
  await db
    .insertInto("enrolment_codes")
    .values({ user_id: code.userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
}

/** Uses up the member's enrolment code when `codeHash` is its hash and it is still valid at `now`: true for the one caller that did. */
export async function useEnrolmentCode(db: Db, userId: number, codeHash: string, now: string): Promise<boolean> {
  const result = await db
    .deleteFrom("enrolment_codes")
    .where("user_id", "=", userId)
    .where("code_hash", "=", codeHash)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
