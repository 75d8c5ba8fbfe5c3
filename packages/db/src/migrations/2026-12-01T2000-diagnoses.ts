// Diagnoses (issue 35, item 5): the ICD-10-CM codes a doctor records for their patient, from the
// list the domain keeps (the database does not repeat it: the list grows with the code set). A
// diagnosis is never edited; one no longer current is marked resolved, by whom and when, and
// stays in the history a superbill of an earlier month reads.
// Frozen: never edit a migration that has shipped; add a new one.
import { dropCanonicalInstants, instantType, requireCanonicalInstants, serialType, strictTable, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await strictTable(
    db,
    db.schema
      .createTable("diagnoses")
      .addColumn("id", serialType(db), (c) => c.primaryKey())
      .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("code", "text", (c) => c.notNull())
      .addColumn("recorded_by", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("recorded_at", instantType(db), (c) => c.notNull())
      .addColumn("resolved_by", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("resolved_at", instantType(db)),
  ).execute();
  await db.schema.createIndex("diagnoses_patient_idx").on("diagnoses").columns(["patient_id", "recorded_at"]).execute();
  await requireCanonicalInstants(db, "diagnoses", ["recorded_at", "resolved_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropCanonicalInstants(db, "diagnoses");
  await db.schema.dropTable("diagnoses").ifExists().execute();
}
