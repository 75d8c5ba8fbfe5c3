// Two-step sign-in: an authenticator app (TOTP) per member, their single-use recovery codes (only
// salted hashes), the sign-ins waiting for their second step, and when each session last proved
// who is behind it (sensitive changes ask for that to be recent).
// Frozen: never edit a migration that has shipped; add a new one.
import { dropCanonicalInstants, instantType, requireCanonicalInstants, serialType, strictTable, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await strictTable(
    db,
    db.schema
      .createTable("totp_factors")
      .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
      /** Base32, as the authenticator app holds it. */
      .addColumn("secret", "text", (c) => c.notNull())
      /** Null until the member has entered a first code: only then does sign-in ask for one. */
      .addColumn("confirmed_at", instantType(db))
      /** The newest 30-second step a code was accepted for: no code of it or before is taken again. */
      .addColumn("last_time_step", "integer"),
  ).execute();

  await strictTable(
    db,
    db.schema
      .createTable("recovery_codes")
      .addColumn("id", serialType(db), (c) => c.primaryKey())
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      /** "salt:sha256(salt + code)", hex; a used code's row is deleted. */
      .addColumn("code_hash", "text", (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex("recovery_codes_user_idx").on("recovery_codes").column("user_id").execute();

  await strictTable(
    db,
    db.schema
      .createTable("pending_sign_ins")
      /** SHA-256 of the pending cookie's token, like a session's. */
      .addColumn("id_hash", "text", (c) => c.primaryKey())
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("expires_at", instantType(db), (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex("pending_sign_ins_expires_idx").on("pending_sign_ins").column("expires_at").execute();

  await db.schema.alterTable("login_sessions").addColumn("verified_at", instantType(db)).execute();

  await requireCanonicalInstants(db, "totp_factors", ["confirmed_at"]);
  await requireCanonicalInstants(db, "pending_sign_ins", ["expires_at"]);
  await dropCanonicalInstants(db, "login_sessions");
  await requireCanonicalInstants(db, "login_sessions", ["created_at", "last_seen_at", "expires_at", "verified_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropCanonicalInstants(db, "login_sessions");
  await db.schema.alterTable("login_sessions").dropColumn("verified_at").execute();
  await requireCanonicalInstants(db, "login_sessions", ["created_at", "last_seen_at", "expires_at"]);
  for (const table of ["pending_sign_ins", "recovery_codes", "totp_factors"]) {
    await dropCanonicalInstants(db, table);
    await db.schema.dropTable(table).ifExists().execute();
  }
}
