// Messaging keys: each member's current key pair (public, and private only as sealed in their
// browser) and the clinic's records key (public only).
import { sql } from "kysely";
import type { Db } from "./db";

export interface MemberKeys {
  userId: number;
  kid: string;
  /** The public JWK, as stored (JSON text). */
  publicKey: string;
  sealedPrivateKey: string;
  sealedRecoveryKey: string;
  createdAt: string;
}

export interface RecordsKey {
  kid: string;
  publicKey: string;
  createdAt: string;
}

export async function findMemberKeys(db: Db, userId: number): Promise<MemberKeys | undefined> {
  const row = await db.selectFrom("member_keys").selectAll().where("user_id", "=", userId).executeTakeFirst();
  return (
    row && {
      userId: row.user_id,
      kid: row.kid,
      publicKey: row.public_key,
      sealedPrivateKey: row.sealed_private_key,
      sealedRecoveryKey: row.sealed_recovery_key,
      createdAt: row.created_at,
    }
  );
}

/** Who holds the key with this id, if anyone. */
export async function ownerOfKey(db: Db, kid: string): Promise<number | undefined> {
  const row = await db.selectFrom("member_keys").select("user_id").where("kid", "=", kid).executeTakeFirst();
  return row?.user_id;
}

/**
 * The ids of the keys a message between `a` and `b` must be sealed to: each one's current key and
 * the clinic's records key (absent ones left out), in one query.
 */
export async function sealingKeyIds(db: Db, a: number, b: number): Promise<{ members: Map<number, string>; records: string | undefined }> {
  const rows = await db
    .selectFrom("member_keys")
    .select(["user_id", "kid"])
    .where("user_id", "in", [a, b])
    // User ids start at 1: 0 marks the records key's row.
    .unionAll(
      db
        .selectFrom("records_key")
        .select([sql<number>`0`.as("user_id"), "kid"])
        .where("id", "=", 1),
    )
    .execute();
  const members = new Map<number, string>();
  let records: string | undefined;
  for (const row of rows) {
    if (row.user_id === 0) records = row.kid;
    else members.set(row.user_id, row.kid);
  }
  return { members, records };
}

/** Stores the member's keys, replacing any they had (a new pair, or the same pair sealed anew). */
export async function saveMemberKeys(db: Db, keys: MemberKeys): Promise<void> {
  const values = {
    kid: keys.kid,
    public_key: keys.publicKey,
    sealed_private_key: keys.sealedPrivateKey,
    sealed_recovery_key: keys.sealedRecoveryKey,
    created_at: keys.createdAt,
  };
  await db
    .insertInto("member_keys")
    .values({ user_id: keys.userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
}

/** Replaces the sealed private key of the member's current pair (sealed anew for a new password); false when they have none. */
export async function saveSealedPrivateKey(db: Db, userId: number, sealedPrivateKey: string): Promise<boolean> {
  const result = await db.updateTable("member_keys").set({ sealed_private_key: sealedPrivateKey }).where("user_id", "=", userId).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function findRecordsKey(db: Db): Promise<RecordsKey | undefined> {
  const row = await db.selectFrom("records_key").select(["kid", "public_key", "created_at"]).where("id", "=", 1).executeTakeFirst();
  return row && { kid: row.kid, publicKey: row.public_key, createdAt: row.created_at };
}

/** Sets the clinic's records key, once: false when there already is one. */
export async function createRecordsKey(db: Db, key: RecordsKey & { createdBy: number | null }): Promise<boolean> {
  const result = await db
    .insertInto("records_key")
    .values({ id: 1, kid: key.kid, public_key: key.publicKey, created_by: key.createdBy, created_at: key.createdAt })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) === 1n;
}

/** The member's private key sealed under each of their passkeys that has a seal, by the passkey's credential id. */
export async function listPasskeySeals(db: Db, userId: number): Promise<{ credentialId: string; sealedPrivateKey: string }[]> {
  const rows = await db
    .selectFrom("passkey_seals as s")
    .innerJoin("passkeys as p", "p.id", "s.passkey_id")
    .select(["p.credential_id", "s.sealed_private_key"])
    .where("s.user_id", "=", userId)
    .orderBy("p.id")
    .execute();
  return rows.map((row) => ({ credentialId: row.credential_id, sealedPrivateKey: row.sealed_private_key }));
}

/** Stores (or replaces) the seal of one passkey; the seal goes when its passkey does (cascade). */
export async function savePasskeySeal(db: Db, seal: { passkeyId: number; userId: number; sealedPrivateKey: string; createdAt: string }): Promise<void> {
  const values = { sealed_private_key: seal.sealedPrivateKey, created_at: seal.createdAt };
  await db
    .insertInto("passkey_seals")
    .values({ passkey_id: seal.passkeyId, user_id: seal.userId, ...values })
    .onConflict((oc) => oc.column("passkey_id").doUpdateSet(values))
    .execute();
}

/** Drops every passkey seal of the member: they seal a key pair that is being replaced. */
export async function deletePasskeySealsOf(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom("passkey_seals").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
