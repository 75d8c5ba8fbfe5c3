// users.passkey_handle: the user handle a member's passkeys carry (WebAuthn's user.id), 32 random
// bytes as base64url, made at their first passkey. Random, as WebAuthn recommends: an
// authenticator's list of accounts reveals nothing about the member, not even their number here.
// Frozen: never edit a migration that has shipped; add a new one.
import type { MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("users").addColumn("passkey_handle", "text").execute();
  await db.schema.createIndex("users_passkey_handle_idx").on("users").column("passkey_handle").unique().execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("users_passkey_handle_idx").ifExists().execute();
  await db.schema.alterTable("users").dropColumn("passkey_handle").execute();
}
