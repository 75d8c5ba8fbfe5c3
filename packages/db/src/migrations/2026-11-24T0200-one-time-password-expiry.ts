// One-time passwords expire: 72 hours after staff issue one, it no longer signs anyone in.
// Accounts still on a one-time password get the expiry their password would have had: 72 hours
// after the account was created (the only time one was issued until now).
// Frozen: never edit a migration that has shipped; add a new one.
import { instantType, type MigrationDb } from "./dialect";

const LIFETIME_MS = 72 * 3_600_000;

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("users").addColumn("one_time_password_expires_at", instantType(db)).execute();
  const waiting = await db.selectFrom("users").select(["id", "created_at"]).where("must_change_password", "=", 1).execute();
  for (const user of waiting) {
    const expiresAt = new Date(new Date(user.created_at as string).getTime() + LIFETIME_MS).toISOString();
    await db.updateTable("users").set({ one_time_password_expires_at: expiresAt }).where("id", "=", user.id).execute();
  }
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("users").dropColumn("one_time_password_expires_at").execute();
}
