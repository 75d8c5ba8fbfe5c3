// The throttles' counts: one row per attempt under a rule's key. Plain statements, each its own
// transaction, so an attempt's row is committed before the attempt counts its key: of any
// attempts racing, the one committed k-th counts at least k (see domain/src/auth/throttle.ts).
import type { Db } from "./db";

/** What a rule counts per: its scope ("sign_in_account", …) and the key (a username, an address). */
export interface ThrottleKey {
  scope: string;
  key: string;
}

/** Records an attempt under each key at `at`; answers the new rows' ids. */
export async function insertThrottleHits(db: Db, keys: ThrottleKey[], at: string): Promise<number[]> {
  const rows = await db
    .insertInto("throttle_hits")
    .values(keys.map(({ scope, key }) => ({ scope, key, at })))
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

/** How many attempts each key has after its `since` (exclusive), in one read; in the order asked. */
export async function countThrottleHits(db: Db, keys: (ThrottleKey & { since: string })[]): Promise<number[]> {
  const rows = await db
    .selectFrom("throttle_hits")
    .select(["scope", "key", (eb) => eb.fn.countAll<number | string>().as("hits")])
    .where((eb) => eb.or(keys.map(({ scope, key, since }) => eb.and([eb("scope", "=", scope), eb("key", "=", key), eb("at", ">", since)]))))
    .groupBy(["scope", "key"])
    .execute();
  return keys.map(({ scope, key }) => Number(rows.find((row) => row.scope === scope && row.key === key)?.hits ?? 0));
}

/** When the `nth` newest attempt of a key after `since` was made (once it ages out, the key has room). */
export async function nthNewestThrottleHit(db: Db, key: ThrottleKey & { since: string }, nth: number): Promise<string | undefined> {
  const row = await db
    .selectFrom("throttle_hits")
    .select("at")
    .where("scope", "=", key.scope)
    .where("key", "=", key.key)
    .where("at", ">", key.since)
    .orderBy("at", "desc")
    .limit(1)
    .offset(nth - 1)
    .executeTakeFirst();
  return row?.at;
}

/** Removes the attempts `ids`, and every attempt of `keys`, in one statement. */
export async function deleteThrottleHits(db: Db, ids: number[], keys: ThrottleKey[] = []): Promise<void> {
  if (ids.length === 0 && keys.length === 0) return;
  await db
    .deleteFrom("throttle_hits")
    .where((eb) =>
      eb.or([...(ids.length > 0 ? [eb("id", "in", ids)] : []), ...keys.map(({ scope, key }) => eb.and([eb("scope", "=", scope), eb("key", "=", key)]))]),
    )
    .execute();
}

/** Removes attempts made at or before `before` (older than every window); answers how many. */
export async function purgeThrottleHits(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom("throttle_hits").where("at", "<=", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
