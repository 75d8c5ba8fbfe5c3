// Issue 34, the outbox: everything sent outside the app (an email, a text) is first a row of
// `notices`, written in the transaction of the change that causes it, then sent by a worker.
// - notices: one message to one address; its kind and the facts it was composed from (params),
//   its subject (all the Delivery log ever shows of its content), and its delivery: status,
//   attempts, when the next is due, the lease of an instance sending it, the server's last answer.
//   dedupe_key makes a notice that must exist once (a reminder) exist once, however often a
//   scheduler asks for it; its keys are compared byte by byte, so a prefix is a range of its index.
//   Every booking writes two rows: besides its primary key a row is in one index (the worker's
//   due rows), and in the dedupe keys' only when it has one. The Delivery log pages by id.
// - notice_preferences: a member's switch per topic and channel; no row means on.
// - spent_links: the signed links of a notice that may be used once, once used.
// - users.email_verified_at: an address is written to only once its owner has followed a link sent
//   to it. users.time_zone: the member's own zone (their browser's), for the times a notice says.
// Frozen: never edit a migration that has shipped; add a new one.
import { sql } from "kysely";
import {
  byteOrderedText,
  dropCanonicalInstants,
  dropCanonicalInstantsOf,
  instantType,
  requireCanonicalInstants,
  requireCanonicalInstantsOf,
  serialType,
  strictTable,
  type MigrationDb,
} from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await strictTable(
    db,
    db.schema
      .createTable("notices")
      .addColumn("id", serialType(db), (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("channel", "text", (c) => c.notNull())
      .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
      .addColumn("to_address", "text", (c) => c.notNull())
      .addColumn("subject", "text", (c) => c.notNull())
      .addColumn("params", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("next_attempt_at", instantType(db), (c) => c.notNull())
      .addColumn("claimed_until", instantType(db))
      .addColumn("result", "text")
      .addColumn("sent_at", instantType(db))
      .addColumn("created_at", instantType(db), (c) => c.notNull())
      .addColumn("dedupe_key", byteOrderedText(db)),
  ).execute();
  await requireCanonicalInstants(db, "notices", ["next_attempt_at", "claimed_until", "sent_at", "created_at"]);
  // What the worker claims: the due rows of a status, oldest first.
  await db.schema.createIndex("notices_due").on("notices").columns(["status", "next_attempt_at"]).execute();
  // Only the rows that have a key: most notices (a booking's, a cancellation's) have none.
  await db.schema.createIndex("notices_dedupe").on("notices").column("dedupe_key").unique().where(sql.ref("dedupe_key"), "is not", null).execute();

  await strictTable(
    db,
    db.schema
      .createTable("notice_preferences")
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("topic", "text", (c) => c.notNull())
      .addColumn("channel", "text", (c) => c.notNull())
      .addColumn("enabled", "integer", (c) => c.notNull())
      .addColumn("updated_at", instantType(db), (c) => c.notNull())
      .addPrimaryKeyConstraint("notice_preferences_pk", ["user_id", "topic", "channel"]),
  ).execute();
  await requireCanonicalInstants(db, "notice_preferences", ["updated_at"]);

  await strictTable(
    db,
    db.schema
      .createTable("spent_links")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("spent_at", instantType(db), (c) => c.notNull()),
  ).execute();
  await requireCanonicalInstants(db, "spent_links", ["spent_at"]);

  await db.schema.alterTable("users").addColumn("email_verified_at", instantType(db)).execute();
  await db.schema.alterTable("users").addColumn("time_zone", "text").execute();
  await requireCanonicalInstantsOf(db, "users", "email_verification", ["email_verified_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropCanonicalInstantsOf(db, "users", "email_verification");
  await db.schema.alterTable("users").dropColumn("time_zone").execute();
  await db.schema.alterTable("users").dropColumn("email_verified_at").execute();
  await dropCanonicalInstants(db, "spent_links");
  await db.schema.dropTable("spent_links").ifExists().execute();
  await dropCanonicalInstants(db, "notice_preferences");
  await db.schema.dropTable("notice_preferences").ifExists().execute();
  await dropCanonicalInstants(db, "notices");
  await db.schema.dropTable("notices").ifExists().execute();
}
