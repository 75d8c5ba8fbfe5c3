// Issue 36 part 3, the waitlist: patients waiting for an hour (a doctor's, or any doctor's for a
// service) and the offers of freed hours made to them, one at a time, in the order they joined.
// - waitlist_entries.times: JSON [{weekday, startMinute, endMinute}], clock times in the clinic's
//   zone; until_date: the last clinic calendar date (YYYY-MM-DD, not an instant) they want an offer
//   for. An entry ends (ended_at, end_reason 'left' | 'booked') and is kept for the doctor's view.
// - waitlist_offers: one row per hour offered to one entry. The partial unique indexes are the
//   rules, so that racing cancellations, sweeps and answers cannot break them: an hour is held for
//   one person at a time, a person holds one offer at a time, and a person is offered an hour
//   once (a declined or expired offer moves on, never back).
// Frozen: never edit a migration that has shipped; add a new one.
import { sql } from "kysely";
import { dropCanonicalInstants, instantType, requireCanonicalInstants, serialType, strictTable, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await strictTable(
    db,
    db.schema
      .createTable("waitlist_entries")
      .addColumn("id", serialType(db), (c) => c.primaryKey())
      .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("doctor_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
      .addColumn("service_id", "integer", (c) => c.references("clinic_services.id"))
      .addColumn("times", "text", (c) => c.notNull())
      .addColumn("until_date", "text", (c) => c.notNull())
      .addColumn("joined_at", instantType(db), (c) => c.notNull())
      .addColumn("ended_at", instantType(db))
      .addColumn("end_reason", "text"),
  ).execute();
  await requireCanonicalInstants(db, "waitlist_entries", ["joined_at", "ended_at"]);
  // Who waits for a doctor's hour, in the order they joined; and a patient's own entries.
  await sql`create index waitlist_entries_waiting on waitlist_entries (doctor_id, joined_at, id) where ended_at is null`.execute(db);
  await db.schema.createIndex("waitlist_entries_patient").on("waitlist_entries").columns(["patient_id", "joined_at"]).execute();

  await strictTable(
    db,
    db.schema
      .createTable("waitlist_offers")
      .addColumn("id", serialType(db), (c) => c.primaryKey())
      .addColumn("entry_id", "integer", (c) => c.notNull().references("waitlist_entries.id").onDelete("cascade"))
      .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("doctor_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("start_time", instantType(db), (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("offered_at", instantType(db), (c) => c.notNull())
      .addColumn("expires_at", instantType(db), (c) => c.notNull())
      .addColumn("answered_at", instantType(db))
      .addColumn("appointment_id", "integer", (c) => c.references("appointments.id").onDelete("set null")),
  ).execute();
  await requireCanonicalInstants(db, "waitlist_offers", ["start_time", "offered_at", "expires_at", "answered_at"]);
  await sql`create unique index waitlist_offers_one_hold_per_hour on waitlist_offers (doctor_id, start_time) where status = 'open'`.execute(db);
  await sql`create unique index waitlist_offers_one_open_per_patient on waitlist_offers (patient_id) where status = 'open'`.execute(db);
  // Per patient, not per entry: a patient on a doctor's list and on "any doctor" is still offered an hour once.
  await db.schema.createIndex("waitlist_offers_once_per_patient").on("waitlist_offers").columns(["patient_id", "doctor_id", "start_time"]).unique().execute();
  // The sweep's look for holds that have run out.
  await sql`create index waitlist_offers_expiring on waitlist_offers (expires_at) where status = 'open'`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropCanonicalInstants(db, "waitlist_offers");
  await db.schema.dropTable("waitlist_offers").ifExists().execute();
  await dropCanonicalInstants(db, "waitlist_entries");
  await db.schema.dropTable("waitlist_entries").ifExists().execute();
}
