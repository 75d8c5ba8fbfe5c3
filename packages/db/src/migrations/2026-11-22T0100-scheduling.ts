// Scheduling: doctors' working hours, who is whose patient, private calendar feeds, the
// database's own guarantee that nobody is double-booked, and one-time passwords for accounts
// that staff create.
// Frozen: never edit a migration that has shipped; add a new one.
import { sql } from "kysely";
import { instantType, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  const instant = instantType(db);

  // 1 while the account still has the one-time password it was created with.
  await db.schema
    .alterTable("users")
    .addColumn("must_change_password", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  // Weekly hours in the clinic's time zone; a doctor without rows works the clinic's default hours.
  await db.schema
    .createTable("working_hours")
    .addColumn("doctor_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("weekday", "integer", (c) => c.notNull().check(sql`weekday between 0 and 6`))
    .addColumn("start_minute", "integer", (c) => c.notNull().check(sql`start_minute between 0 and 1440`))
    .addColumn("end_minute", "integer", (c) => c.notNull().check(sql`end_minute between 0 and 1440`))
    .addPrimaryKeyConstraint("working_hours_pk", ["doctor_id", "weekday", "start_minute"])
    .addCheckConstraint("working_hours_order", sql`start_minute < end_minute`)
    .execute();

  // A doctor's patients: written when a session is booked or the doctor adds the patient.
  await db.schema
    .createTable("care_relationships")
    .addColumn("doctor_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("since", instant, (c) => c.notNull())
    .addPrimaryKeyConstraint("care_relationships_pk", ["doctor_id", "patient_id"])
    .execute();
  await db.schema.createIndex("care_relationships_patient_idx").on("care_relationships").columns(["patient_id", "doctor_id"]).execute();

  await db.schema
    .createTable("calendar_feeds")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", instant, (c) => c.notNull())
    .execute();

  // Sessions start on the hour and last an hour, so two scheduled sessions overlap exactly when
  // they start together: these indexes make a double booking impossible, whatever the code does.
  await sql`create unique index appointments_doctor_slot_unique on appointments (doctor_id, start_time) where status = 'scheduled'`.execute(db);
  await sql`create unique index appointments_patient_slot_unique on appointments (patient_id, start_time) where status = 'scheduled'`.execute(db);

  // Recent activity of a doctor's patients: bookings and cancellations by time.
  await db.schema.createIndex("appointments_doctor_created_idx").on("appointments").columns(["doctor_id", "created_at"]).execute();
  await db.schema.createIndex("appointments_doctor_cancelled_idx").on("appointments").columns(["doctor_id", "cancelled_at"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("appointments_doctor_cancelled_idx").ifExists().execute();
  await db.schema.dropIndex("appointments_doctor_created_idx").ifExists().execute();
  await db.schema.dropIndex("appointments_patient_slot_unique").ifExists().execute();
  await db.schema.dropIndex("appointments_doctor_slot_unique").ifExists().execute();
  for (const table of ["calendar_feeds", "care_relationships", "working_hours"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable("users").dropColumn("must_change_password").execute();
}
