// Keys for sealed messages (issue 18). The server holds only public keys and private keys sealed
// in the member's browser, never a key it could open a message with.
// - member_keys: a member's current messaging key pair: the public JWK (its id, the kid, is the
//   JWK thumbprint), the private JWK sealed with their password, and sealed again with their
//   recovery code; both compact JWEs.
// - records_key: the clinic's offline records key, one row: every message is also sealed to it.
//   Its private half lives off line with the clinic, never here.
// Frozen: never edit a migration that has shipped; add a new one.
import { sql } from "kysely";
import { dropCanonicalInstants, instantType, requireCanonicalInstants, strictTable, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await strictTable(
    db,
    db.schema
      .createTable("member_keys")
      .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
      .addColumn("kid", "text", (c) => c.notNull().unique())
      .addColumn("public_key", "text", (c) => c.notNull())
      .addColumn("sealed_private_key", "text", (c) => c.notNull())
      .addColumn("sealed_recovery_key", "text", (c) => c.notNull())
      .addColumn("created_at", instantType(db), (c) => c.notNull()),
  ).execute();
  await requireCanonicalInstants(db, "member_keys", ["created_at"]);

  await strictTable(
    db,
    db.schema
      .createTable("records_key")
      .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn("kid", "text", (c) => c.notNull())
      .addColumn("public_key", "text", (c) => c.notNull())
      .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("created_at", instantType(db), (c) => c.notNull()),
  ).execute();
  await requireCanonicalInstants(db, "records_key", ["created_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropCanonicalInstants(db, "records_key");
  await db.schema.dropTable("records_key").ifExists().execute();
  await dropCanonicalInstants(db, "member_keys");
  await db.schema.dropTable("member_keys").ifExists().execute();
}
