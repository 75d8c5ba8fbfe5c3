// Attachments of sealed messages (issue 18): a file encrypted in the sender's browser with a key
// that travels only inside the message's sealed content. The server keeps the ciphertext, its
// size and who uploaded it; which message carries it is set when that message is sent, and only
// the two people of that message may fetch it. An upload no message claimed is purged.
// Frozen: never edit a migration that has shipped; add a new one.
import { sql } from "kysely";
import { dropCanonicalInstants, instantType, isPostgres, requireCanonicalInstants, serialType, strictTable, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await strictTable(
    db,
    db.schema
      .createTable("attachments")
      .addColumn("id", serialType(db), (c) => c.primaryKey())
      .addColumn("uploader_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      // Gone with its message: nobody may fetch a file whose message is gone.
      .addColumn("message_id", "integer", (c) => c.references("messages.id").onDelete("cascade"))
      .addColumn("size", "integer", (c) => c.notNull())
      .addColumn("ciphertext", isPostgres(db) ? sql`bytea` : sql`blob`, (c) => c.notNull())
      .addColumn("created_at", instantType(db), (c) => c.notNull()),
  ).execute();
  await requireCanonicalInstants(db, "attachments", ["created_at"]);
  await db.schema.createIndex("attachments_message").on("attachments").column("message_id").execute();
  await db.schema
    .createIndex("attachments_unclaimed")
    .on("attachments")
    .columns(["uploader_id", "created_at"])
    .where(sql.ref("message_id"), "is", null)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await dropCanonicalInstants(db, "attachments");
  await db.schema.dropTable("attachments").ifExists().execute();
}
