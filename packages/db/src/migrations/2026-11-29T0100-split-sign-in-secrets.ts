// Issue 33: the password is no longer what the server receives. The browser derives two secrets
// from it with Argon2id under a salt of the member's: one signs in (the server stores an Argon2id
// hash of it), the other seals the messaging key and never leaves the browser.
// - users.kdf: the member's derivation, JSON { salt (16 bytes, base64url), memoryKiB, iterations,
//   parallelism }; fixed at creation. Null for a member still on a pre-split verifier.
// - users.legacy_kdf: for such a member, the salt and parameters of their old Argon2id hash, once
//   the start has wrapped it: password_hash then holds an Argon2id hash of the old hash's bytes,
//   so the bytes a stolen database holds are no proof. Null for everyone else.
// - passkey_seals: the member's private key sealed (A256KW) under a key from one passkey's PRF
//   output; it goes with its passkey.
// Frozen: never edit a migration that has shipped; add a new one.
import { dropCanonicalInstants, instantType, requireCanonicalInstants, strictTable, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("users").addColumn("kdf", "text").execute();
  await db.schema.alterTable("users").addColumn("legacy_kdf", "text").execute();
  await strictTable(
    db,
    db.schema
      .createTable("passkey_seals")
      .addColumn("passkey_id", "integer", (c) => c.primaryKey().references("passkeys.id").onDelete("cascade"))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("sealed_private_key", "text", (c) => c.notNull())
      .addColumn("created_at", instantType(db), (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex("passkey_seals_user_idx").on("passkey_seals").column("user_id").execute();
  await requireCanonicalInstants(db, "passkey_seals", ["created_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropCanonicalInstants(db, "passkey_seals");
  await db.schema.dropTable("passkey_seals").ifExists().execute();
  await db.schema.alterTable("users").dropColumn("legacy_kdf").execute();
  await db.schema.alterTable("users").dropColumn("kdf").execute();
}
