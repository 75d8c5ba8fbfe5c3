// Messaging at scale: each message knows its conversation (the pair of users, lower id first),
// so a history is one index range; and each person keeps one row per conversation partner with
// the latest message, their unread count and how far they have read — so the conversation list
// and unread badges cost one indexed read, however many messages exist.
// Frozen: never edit a migration that has shipped; add a new one.
import { sql } from "kysely";
import { isPostgres, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("messages").addColumn("pair_low", "integer").execute();
  await db.schema.alterTable("messages").addColumn("pair_high", "integer").execute();
  const [least, greatest] = isPostgres(db) ? ["least", "greatest"] : ["min", "max"];
  await sql`update messages set pair_low = ${sql.raw(least)}(sender_id, receiver_id), pair_high = ${sql.raw(greatest)}(sender_id, receiver_id)`.execute(db);
  await db.schema.createIndex("messages_pair_history_idx").on("messages").columns(["pair_low", "pair_high", "id"]).execute();

  await db.schema
    .createTable("conversations")
    .addColumn("owner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("partner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("last_message_id", "integer", (c) => c.notNull())
    .addColumn("unread_count", "integer", (c) => c.notNull().defaultTo(0))
    /** The newest message from the partner that the owner has read. */
    .addColumn("last_read_message_id", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("conversations_pk", ["owner_id", "partner_id"])
    .execute();
  await db.schema.createIndex("conversations_owner_recent_idx").on("conversations").columns(["owner_id", "last_message_id"]).execute();

  // Conversations for the messages that already exist.
  await sql`
    insert into conversations (owner_id, partner_id, last_message_id, unread_count, last_read_message_id)
    select owner_id, partner_id, max(id),
           sum(case when receiver_id = owner_id and read_at is null then 1 else 0 end),
           coalesce(max(case when receiver_id = owner_id and read_at is not null then id end), 0)
    from (
      select id, sender_id, receiver_id, read_at, sender_id as owner_id, receiver_id as partner_id from messages
      union all
      select id, sender_id, receiver_id, read_at, receiver_id as owner_id, sender_id as partner_id from messages
    ) as sides
    group by owner_id, partner_id
  `.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("conversations").ifExists().execute();
  await db.schema.dropIndex("messages_pair_history_idx").ifExists().execute();
  await db.schema.alterTable("messages").dropColumn("pair_high").execute();
  await db.schema.alterTable("messages").dropColumn("pair_low").execute();
}
