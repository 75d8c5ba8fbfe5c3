// Throttles on password guessing and bulk registration keep their counts here, not in memory: a
// restart no longer forgets them, and every instance on one database shares one count. A row is
// one attempt under one rule's key; an attempt is written before it is made, so whoever counts
// after it sees it (see packages/domain/src/auth/throttle.ts). Rows older than the longest
// window are purged.
// Frozen: never edit a migration that has shipped; add a new one.
import { dropCanonicalInstants, instantType, requireCanonicalInstants, serialType, strictTable, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await strictTable(
    db,
    db.schema
      .createTable("throttle_hits")
      .addColumn("id", serialType(db), (c) => c.primaryKey())
      /** The rule counted against ("sign_in_account", "sign_in_address", "registration_address"). */
      .addColumn("scope", "text", (c) => c.notNull())
      /** What the rule counts per: a username key or a client address. */
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("at", instantType(db), (c) => c.notNull()),
  ).execute();
  // A key's hits inside its window (the count, and when it next has room) are one index range.
  await db.schema.createIndex("throttle_hits_key_idx").on("throttle_hits").columns(["scope", "key", "at"]).execute();
  // The purge of expired hits.
  await db.schema.createIndex("throttle_hits_at_idx").on("throttle_hits").column("at").execute();
  await requireCanonicalInstants(db, "throttle_hits", ["at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropCanonicalInstants(db, "throttle_hits");
  await db.schema.dropTable("throttle_hits").ifExists().execute();
}
