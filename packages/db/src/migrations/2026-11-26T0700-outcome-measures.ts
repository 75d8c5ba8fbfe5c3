// Outcome measures (issue 19): a patient's answers to a standard questionnaire (PHQ-9, GAD-7) with
// the total and band the server scored; a doctor's request that their patient complete one, once
// or before every session; and the safety alert a PHQ-9 raises when item 9 is answered above 0,
// open until a doctor acknowledges it with a note.
// Frozen: never edit a migration that has shipped; add a new one.
import { sql } from "kysely";
import { dropCanonicalInstants, instantType, requireCanonicalInstants, serialType, strictTable, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await strictTable(
    db,
    db.schema
      .createTable("measures")
      .addColumn("id", serialType(db), (c) => c.primaryKey())
      .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("instrument", "text", (c) => c.notNull().check(sql`instrument in ('phq9', 'gad7')`))
      /** The answers in item order, as JSON: [0, 2, 1, …]. */
      .addColumn("answers", "text", (c) => c.notNull())
      .addColumn("score", "integer", (c) => c.notNull())
      .addColumn("band", "text", (c) => c.notNull())
      .addColumn("created_at", instantType(db), (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex("measures_patient_idx").on("measures").columns(["patient_id", "instrument", "created_at"]).execute();
  await requireCanonicalInstants(db, "measures", ["created_at"]);

  await strictTable(
    db,
    db.schema
      .createTable("measure_assignments")
      .addColumn("id", serialType(db), (c) => c.primaryKey())
      .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("doctor_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("instrument", "text", (c) => c.notNull().check(sql`instrument in ('phq9', 'gad7')`))
      .addColumn("cadence", "text", (c) => c.notNull().check(sql`cadence in ('once', 'before_every_session')`))
      .addColumn("created_at", instantType(db), (c) => c.notNull())
      /** When it stopped being asked for: a one-time measure once completed, or withdrawn by a doctor. */
      .addColumn("ended_at", instantType(db)),
  ).execute();
  await db.schema.createIndex("measure_assignments_patient_idx").on("measure_assignments").columns(["patient_id", "ended_at"]).execute();
  await requireCanonicalInstants(db, "measure_assignments", ["created_at", "ended_at"]);

  await strictTable(
    db,
    db.schema
      .createTable("measure_alerts")
      .addColumn("id", serialType(db), (c) => c.primaryKey())
      .addColumn("measure_id", "integer", (c) => c.notNull().unique().references("measures.id").onDelete("cascade"))
      .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("created_at", instantType(db), (c) => c.notNull())
      .addColumn("acknowledged_by", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("acknowledged_at", instantType(db))
      .addColumn("note", "text"),
  ).execute();
  await db.schema.createIndex("measure_alerts_open_idx").on("measure_alerts").columns(["patient_id", "acknowledged_at"]).execute();
  await requireCanonicalInstants(db, "measure_alerts", ["created_at", "acknowledged_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ["measure_alerts", "measure_assignments", "measures"]) {
    await dropCanonicalInstants(db, table);
    await db.schema.dropTable(table).ifExists().execute();
  }
}
