// Second-step secrets strong at rest, and enrolment only with an admin's word (issue 33):
// - totp_factors.secret now holds the authenticator secret sealed under the server's secrets key
//   (AES-256-GCM, "v1.…"). A migration cannot see that key, so the server seals the rows still in
//   the clear when it starts (sealPlainTotpSecrets), before it serves a request.
// - recovery_codes.code_prefix: a new code's first group, which picks the one row whose slow hash
//   (argon2id) is checked. Old codes (no prefix, salted SHA-256) keep working until used.
// - enrolment_codes: the one live code an admin (or the console) gave a staff member who must set
//   up two-step sign-in and has none yet; only its hash is kept.
// Frozen: never edit a migration that has shipped; add a new one.
import { dropCanonicalInstants, instantType, requireCanonicalInstants, strictTable, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("recovery_codes").addColumn("code_prefix", "text").execute();
  await db.schema.createIndex("recovery_codes_prefix_idx").on("recovery_codes").columns(["user_id", "code_prefix"]).execute();

  await strictTable(
    db,
    db.schema
      .createTable("enrolment_codes")
      .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
      /** SHA-256 of the code (about 80 bits of randomness, so no salt or slow hash is needed), hex. */
      .addColumn("code_hash", "text", (c) => c.notNull())
      .addColumn("issued_by", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("expires_at", instantType(db), (c) => c.notNull()),
  ).execute();
  await requireCanonicalInstants(db, "enrolment_codes", ["expires_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropCanonicalInstants(db, "enrolment_codes");
  await db.schema.dropTable("enrolment_codes").ifExists().execute();
  await db.schema.dropIndex("recovery_codes_prefix_idx").ifExists().execute();
  await db.schema.alterTable("recovery_codes").dropColumn("code_prefix").execute();
}
