// Issue 36, weekly series: a patient's sessions with one doctor every one, two or four weeks on
// the same weekday and clock time in the clinic's zone. The series keeps its rule (what a
// calendar app is given as RRULE) and the parts it is computed from; every session of it is an
// ordinary appointment row (booked, moved and cancelled as one), which names its series and the
// occurrence of the rule it stands for: a session moved off its occurrence is a RECURRENCE-ID
// exception, an occurrence with no session (skipped at booking, or cancelled) an EXDATE.
// Frozen: never edit a migration that has shipped; add a new one.
import { sql } from "kysely";
import {
  dropCanonicalInstants,
  dropCanonicalInstantsOf,
  instantType,
  requireCanonicalInstants,
  requireCanonicalInstantsOf,
  serialType,
  strictTable,
  type MigrationDb,
} from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await strictTable(
    db,
    db.schema
      .createTable("appointment_series")
      .addColumn("id", serialType(db), (c) => c.primaryKey())
      .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("doctor_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      // The RRULE (RFC 5545) as the calendar feed carries it, without DTSTART.
      .addColumn("rule", "text", (c) => c.notNull())
      .addColumn("time_zone", "text", (c) => c.notNull())
      // The first occurrence's calendar date (YYYY-MM-DD, in time_zone): its weekday is the series'.
      .addColumn("first_date", "text", (c) => c.notNull())
      // The clock time, in minutes after midnight in time_zone.
      .addColumn("clock_minute", "integer", (c) => c.notNull().check(sql`clock_minute >= 0 and clock_minute < 1440`))
      .addColumn("interval_weeks", "integer", (c) => c.notNull().check(sql`interval_weeks in (1, 2, 4)`))
      // Exactly one of: the last date (inclusive, in time_zone) or the number of occurrences.
      .addColumn("until_date", "text")
      .addColumn("occurrences", "integer", (c) => c.check(sql`occurrences between 1 and 52`))
      .addColumn("created_by", "integer", (c) => c.references("users.id"))
      .addColumn("created_at", instantType(db), (c) => c.notNull())
      .addColumn("updated_at", instantType(db), (c) => c.notNull())
      .addCheckConstraint("appointment_series_one_end", sql`(until_date is null) <> (occurrences is null)`),
  ).execute();
  await requireCanonicalInstants(db, "appointment_series", ["created_at", "updated_at"]);
  await db.schema.createIndex("appointment_series_patient_idx").on("appointment_series").column("patient_id").execute();
  await db.schema.createIndex("appointment_series_doctor_idx").on("appointment_series").column("doctor_id").execute();

  await db.schema
    .alterTable("appointments")
    .addColumn("series_id", "integer", (c) => c.references("appointment_series.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("appointments").addColumn("occurrence_time", instantType(db)).execute();
  await requireCanonicalInstantsOf(db, "appointments", "series", ["occurrence_time"]);
  await db.schema.createIndex("appointments_series_idx").on("appointments").columns(["series_id", "occurrence_time"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("appointments_series_idx").ifExists().execute();
  await dropCanonicalInstantsOf(db, "appointments", "series");
  await db.schema.alterTable("appointments").dropColumn("occurrence_time").execute();
  await db.schema.alterTable("appointments").dropColumn("series_id").execute();
  await dropCanonicalInstants(db, "appointment_series");
  await db.schema.dropTable("appointment_series").execute();
}
