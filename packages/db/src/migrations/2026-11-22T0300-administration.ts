// Administration: a hash chain over the audit log (each row's hash covers the previous row's,
// so an edited or removed row breaks every link after it), the clinic's settings, and indexes
// for the admin's figures.
// Frozen: never edit a migration that has shipped; add a new one.
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { instantType, isPostgres, type MigrationDb } from "./dialect";

/** The chain's link as defined when this migration shipped; audit-chain.mjs computes the same. */
function link(previous: string, row: Record<string, unknown>): string {
  const fields = ["occurred_at", "actor_id", "action", "target_type", "target_id", "outcome", "ip", "user_agent", "details"];
  const canonical = JSON.stringify(fields.map((field) => (row[field] === undefined ? null : row[field])));
  return createHash("sha256").update(`${previous}\n${canonical}`).digest("hex");
}

export async function up(db: MigrationDb): Promise<void> {
  const instant = instantType(db);
  await db.schema.alterTable("audit_log").addColumn("prev_hash", "text").execute();
  await db.schema.alterTable("audit_log").addColumn("hash", "text").execute();

  // Chain the rows written before this migration. The append-only triggers forbid updates, so
  // they step aside for this one backfill.
  const rows = await db.selectFrom("audit_log").selectAll().orderBy("id").execute();
  if (rows.length > 0) {
    const postgres = isPostgres(db);
    if (postgres) await sql`alter table audit_log disable trigger audit_log_no_change`.execute(db);
    else await sql`drop trigger audit_log_no_update`.execute(db);
    let previous = "";
    for (const row of rows) {
      const normalised = { ...row, occurred_at: new Date(row.occurred_at as string).toISOString() };
      const hash = link(previous, normalised);
      await db.updateTable("audit_log").set({ prev_hash: previous, hash }).where("id", "=", row.id).execute();
      previous = hash;
    }
    if (postgres) await sql`alter table audit_log enable trigger audit_log_no_change`.execute(db);
    else await sql`create trigger audit_log_no_update before update on audit_log begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }

  await db.schema
    .createTable("clinic_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", instant, (c) => c.notNull())
    .addColumn("updated_by", "integer", (c) => c.references("users.id"))
    .execute();

  // The admin's figures: messages sent today, live sessions, and audit filters by target.
  await db.schema.createIndex("messages_created_idx").on("messages").column("created_at").execute();
  await db.schema.createIndex("login_sessions_seen_idx").on("login_sessions").column("last_seen_at").execute();
  await db.schema.createIndex("users_created_idx").on("users").columns(["created_at"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("users_created_idx").ifExists().execute();
  await db.schema.dropIndex("login_sessions_seen_idx").ifExists().execute();
  await db.schema.dropIndex("messages_created_idx").ifExists().execute();
  await db.schema.dropTable("clinic_settings").ifExists().execute();
  await db.schema.alterTable("audit_log").dropColumn("hash").execute();
  await db.schema.alterTable("audit_log").dropColumn("prev_hash").execute();
}
