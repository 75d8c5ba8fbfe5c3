// Passkeys (WebAuthn credentials) and the one-time challenges of their ceremonies.
import type { Selectable } from "kysely";
import type { PasskeysTable } from "../schema";
import type { Db } from "./db";
import { holdFactorsOf, refreshTwoStepEnabled } from "./two-step.repository";
import { toUser, type User } from "./users.repository";

export interface Passkey {
  id: number;
  userId: number;
  credentialId: string;
  /** COSE public key, base64url. */
  publicKey: string;
  signCount: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

type PasskeyRow = Selectable<PasskeysTable>;

function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    userId: row.user_id,
    credentialId: row.credential_id,
    publicKey: row.public_key,
    signCount: row.sign_count,
    transports: JSON.parse(row.transports) as string[],
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

export async function listPasskeys(db: Db, userId: number): Promise<Passkey[]> {
  const rows = await db.selectFrom("passkeys").selectAll().where("user_id", "=", userId).orderBy("created_at").orderBy("id").execute();
  return rows.map(toPasskey);
}

/** A credential and the member it belongs to, in one read. */
export async function findPasskeyByCredentialId(db: Db, credentialId: string): Promise<{ passkey: Passkey; user: User } | undefined> {
  const row = await db
    .selectFrom("passkeys as p")
    .innerJoin("users as u", "u.id", "p.user_id")
    .selectAll("u")
    .select([
      "p.id as p_id",
      "p.credential_id as p_credential_id",
      "p.public_key as p_public_key",
      "p.sign_count as p_sign_count",
      "p.transports as p_transports",
      "p.name as p_name",
      "p.created_at as p_created_at",
      "p.last_used_at as p_last_used_at",
    ])
    .where("p.credential_id", "=", credentialId)
    .executeTakeFirst();
  if (!row) return undefined;
  const passkey = toPasskey({
    id: row.p_id,
    user_id: row.id,
    credential_id: row.p_credential_id,
    public_key: row.p_public_key,
    sign_count: row.p_sign_count,
    transports: row.p_transports,
    name: row.p_name,
    created_at: row.p_created_at,
    last_used_at: row.p_last_used_at,
  });
  return { passkey, user: toUser(row) };
}

/**
 * Adds a passkey; run it in a transaction: the user's two_step_enabled changes with it. Answers
 * its id and how many passkeys the member now has.
 */
export async function insertPasskey(db: Db, passkey: Omit<Passkey, "id" | "lastUsedAt">): Promise<{ id: number; count: number }> {
  await holdFactorsOf(db, passkey.userId);
  const row = await db
    .insertInto("passkeys")
    .values({
      user_id: passkey.userId,
      credential_id: passkey.credentialId,
      public_key: passkey.publicKey,
      sign_count: passkey.signCount,
      transports: JSON.stringify(passkey.transports),
      name: passkey.name,
      created_at: passkey.createdAt,
      last_used_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await refreshTwoStepEnabled(db, passkey.userId);
  const { count } = await db
    .selectFrom("passkeys")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", passkey.userId)
    .executeTakeFirstOrThrow();
  return { id: row.id, count: Number(count) };
}

/**
 * The user handle of the member's passkeys (base64url), made now if they have none: `made` is a
 * fresh random one, kept only when no other was kept first.
 */
export async function passkeyHandleOf(db: Db, userId: number, made: string): Promise<string> {
  await db.updateTable("users").set({ passkey_handle: made }).where("id", "=", userId).where("passkey_handle", "is", null).execute();
  const row = await db.selectFrom("users").select("passkey_handle").where("id", "=", userId).executeTakeFirstOrThrow();
  return row.passkey_handle ?? made;
}

/** Renames one of the member's passkeys; undefined when the member holds no passkey with that id. */
export async function renamePasskey(db: Db, userId: number, id: number, name: string): Promise<Passkey | undefined> {
  const row = await db.updateTable("passkeys").set({ name }).where("id", "=", id).where("user_id", "=", userId).returningAll().executeTakeFirst();
  return row && toPasskey(row);
}

/** Removes one of the member's passkeys; run it in a transaction: two_step_enabled changes with it. */
export async function deletePasskey(db: Db, userId: number, id: number): Promise<boolean> {
  await holdFactorsOf(db, userId);
  const result = await db.deleteFrom("passkeys").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  if (result.numDeletedRows !== 1n) return false;
  await refreshTwoStepEnabled(db, userId);
  return true;
}

/**
 * Records a use: the new signature counter, unless a use racing with this one got a higher one in
 * first (false then: a cloned authenticator would show as a counter that goes back).
 */
export async function recordPasskeyUse(db: Db, id: number, signCount: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable("passkeys")
    .set({ sign_count: signCount, last_used_at: at })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("sign_count", "<", signCount), eb("sign_count", "=", 0)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export interface WebauthnChallenge {
  challenge: string;
  purpose: "register" | "assert";
  userId: number | null;
  expiresAt: string;
}

export async function insertWebauthnChallenge(db: Db, challenge: WebauthnChallenge): Promise<void> {
  await db
    .insertInto("webauthn_challenges")
    .values({ challenge: challenge.challenge, purpose: challenge.purpose, user_id: challenge.userId, expires_at: challenge.expiresAt })
    .execute();
}

/** Uses up a challenge: it answers the row to the one caller that deleted it, and never again. */
export async function takeWebauthnChallenge(db: Db, challenge: string): Promise<WebauthnChallenge | undefined> {
  const row = await db.deleteFrom("webauthn_challenges").where("challenge", "=", challenge).returningAll().executeTakeFirst();
  return row && { challenge: row.challenge, purpose: row.purpose, userId: row.user_id, expiresAt: row.expires_at };
}

export async function purgeExpiredWebauthnChallenges(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom("webauthn_challenges").where("expires_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
