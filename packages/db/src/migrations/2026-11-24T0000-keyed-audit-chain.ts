// The audit chain becomes keyed (HMAC-SHA256 under a key kept outside the database): every
// existing row is linked again under the key, once, and `audit_chain_keying` records that it was
// done, when, over how many rows, and whether the unkeyed chain it replaced was intact (a chain
// already broken is relinked all the same, so that new rows can be checked, and the record keeps
// where it had been broken).
// Frozen: never edit a migration that has shipped; add a new one.
import { createHash, createHmac } from "node:crypto";
import { sql, type Migration } from "kysely";
import { instantType, isPostgres, type MigrationDb } from "./dialect";

const FIELDS = ["occurred_at", "actor_id", "action", "target_type", "target_id", "outcome", "ip", "user_agent", "details"];

function canonical(row: Record<string, unknown>): string {
  return JSON.stringify(FIELDS.map((field) => (field === "occurred_at" ? new Date(row[field] as string).toISOString() : (row[field] ?? null))));
}

/** The unkeyed link of the administration migration. */
function unkeyedLink(previous: string, row: Record<string, unknown>): string {
  return createHash("sha256")
    .update(`${previous}\n${canonical(row)}`)
    .digest("hex");
}

function keyedLink(key: Buffer, previous: string, row: Record<string, unknown>): string {
  return createHmac("sha256", key)
    .update(`${previous}\n${canonical(row)}`)
    .digest("hex");
}

const PAGE = 5_000;

export function keyedAuditChain(key: Buffer): Migration {
  return {
    async up(db: MigrationDb): Promise<void> {
      await db.schema
        .createTable("audit_chain_keying")
        .addColumn("keyed_at", instantType(db), (c) => c.notNull())
        .addColumn("rows_relinked", "integer", (c) => c.notNull())
        .addColumn("unkeyed_chain_broken_row", "integer")
        .execute();

      // Inside the migrator's transaction on both databases: the rows are relinked all at once.
      await relink(db, key);
    },
    async down(db: MigrationDb): Promise<void> {
      await db.schema.dropTable("audit_chain_keying").ifExists().execute();
    },
  };
}

async function relink(db: MigrationDb, key: Buffer): Promise<void> {
  const postgres = isPostgres(db);
  // The append-only triggers forbid updates: they step aside for this one relinking.
  if (postgres) await sql`alter table audit_log disable trigger audit_log_no_change`.execute(db);
  else await sql`drop trigger audit_log_no_update`.execute(db);
  let previousStored = "";
  let previousKeyed = "";
  let brokenAt: number | null = null;
  let relinked = 0;
  for (let afterId = 0; ;) {
    const rows = await db.selectFrom("audit_log").selectAll().where("id", ">", afterId).orderBy("id").limit(PAGE).execute();
    for (const row of rows) {
      const intact = (row.prev_hash ?? "") === previousStored && row.hash === unkeyedLink(previousStored, row);
      if (brokenAt === null && !intact) brokenAt = row.id as number;
      previousStored = row.hash as string;
      const hash = keyedLink(key, previousKeyed, row);
      await db.updateTable("audit_log").set({ prev_hash: previousKeyed, hash }).where("id", "=", row.id).execute();
      previousKeyed = hash;
      relinked += 1;
    }
    const last = rows.at(-1);
    if (!last) break;
    afterId = last.id as number;
  }
  if (postgres) await sql`alter table audit_log enable trigger audit_log_no_change`.execute(db);
  else await sql`create trigger audit_log_no_update before update on audit_log begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  await db
    .insertInto("audit_chain_keying")
    .values({ keyed_at: new Date().toISOString(), rows_relinked: relinked, unkeyed_chain_broken_row: brokenAt })
    .execute();
}
