// Issue 34 items 5 and 6, the member's notice settings beyond the per-topic switches of
// notice_preferences: one row per member who changed anything (no row = the defaults).
// - name_senders: whether a new-message notice says from whom (off by default: discretion).
// - digest_clock: the local clock time (a time of day, not an instant: not named _time) ("HH:MM", the member's zone) of a doctor's daily digest
//   of unsigned notes; null = the default.
// - sms_number / sms_opted_in_at: texts, with the time the member opted in and the number
//   (E.164) they opted in with; sms_stopped_at: the number answered STOP (texts off until START).
// Frozen: never edit a migration that has shipped; add a new one.
import { dropCanonicalInstants, instantType, requireCanonicalInstants, strictTable, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await strictTable(
    db,
    db.schema
      .createTable("notice_settings")
      .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
      .addColumn("name_senders", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("digest_clock", "text")
      .addColumn("sms_number", "text")
      .addColumn("sms_opted_in_at", instantType(db))
      .addColumn("sms_stopped_at", instantType(db))
      .addColumn("updated_at", instantType(db), (c) => c.notNull()),
  ).execute();
  await requireCanonicalInstants(db, "notice_settings", ["sms_opted_in_at", "sms_stopped_at", "updated_at"]);
  // STOP and START arrive with the number only.
  await db.schema.createIndex("notice_settings_sms_number").on("notice_settings").column("sms_number").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await dropCanonicalInstants(db, "notice_settings");
  await db.schema.dropTable("notice_settings").ifExists().execute();
}
