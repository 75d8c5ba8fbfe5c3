// Passkeys (WebAuthn): a member's registered credentials, and the challenges handed out for a
// ceremony, each good once and for a few minutes.
// - passkeys: the credential's id and COSE public key (base64url), the authenticator's signature
//   counter, and the member's own name for it.
// - webauthn_challenges: `purpose` says which ceremony may use it; `user_id` is the member it was
//   made for (null for a sign-in that starts without a username).
// Frozen: never edit a migration that has shipped; add a new one.
import { sql } from "kysely";
import { dropCanonicalInstants, instantType, requireCanonicalInstants, serialType, strictTable, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await strictTable(
    db,
    db.schema
      .createTable("passkeys")
      .addColumn("id", serialType(db), (c) => c.primaryKey())
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("credential_id", "text", (c) => c.notNull().unique())
      .addColumn("public_key", "text", (c) => c.notNull())
      .addColumn("sign_count", "integer", (c) => c.notNull())
      /** JSON array of the transports the authenticator named ("internal", "usb", …). */
      .addColumn("transports", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("created_at", instantType(db), (c) => c.notNull())
      .addColumn("last_used_at", instantType(db)),
  ).execute();
  await db.schema.createIndex("passkeys_user_idx").on("passkeys").column("user_id").execute();

  await strictTable(
    db,
    db.schema
      .createTable("webauthn_challenges")
      .addColumn("challenge", "text", (c) => c.primaryKey())
      .addColumn("purpose", "text", (c) => c.notNull().check(sql`purpose in ('register', 'assert')`))
      .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
      .addColumn("expires_at", instantType(db), (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex("webauthn_challenges_expires_idx").on("webauthn_challenges").column("expires_at").execute();

  await requireCanonicalInstants(db, "passkeys", ["created_at", "last_used_at"]);
  await requireCanonicalInstants(db, "webauthn_challenges", ["expires_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ["webauthn_challenges", "passkeys"]) {
    await dropCanonicalInstants(db, table);
    await db.schema.dropTable(table).ifExists().execute();
  }
}
