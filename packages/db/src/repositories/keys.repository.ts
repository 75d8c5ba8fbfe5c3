// Messaging keys: each member's current key pair (public, and private only as sealed in their
// browser) and the clinic's records key (public only).
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

/** The current public keys' ids of these members, by user id (members without keys are left out). */
export async function keyIdsOf(db: Db, userIds: number[]): Promise<Map<number, string>> {
  const rows = await db.selectFrom("member_keys").select(["user_id", "kid"]).where("user_id", "in", userIds).execute();
  return new Map(rows.map((row) => [row.user_id, row.kid]));
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

export async function findRecordsKey(db: Db): Promise<RecordsKey | undefined> {
  const row = await db.selectFrom("records_key").select(["kid", "public_key", "created_at"]).where("id", "=", 1).executeTakeFirst();
  return row && { kid: row.kid, publicKey: row.public_key, createdAt: row.created_at };
}

/** Sets the clinic's records key, once: false when there already is one. */
export async function createRecordsKey(db: Db, key: RecordsKey & { createdBy: number }): Promise<boolean> {
  const result = await db
    .insertInto("records_key")
    .values({ id: 1, kid: key.kid, public_key: key.publicKey, created_by: key.createdBy, created_at: key.createdAt })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) === 1n;
}
