// Billing documents (issue 35, items 6 and 7): the patient's postal address and their wish for a
// monthly superbill; each Good Faith Estimate as issued (its content kept whole, so the estimate a
// patient disputes a bill against never changes after the fact); and the monthly superbills issued,
// one per patient and month.
// Frozen: never edit a migration that has shipped; add a new one.
import { sql } from "kysely";
import { dropCanonicalInstants, instantType, requireCanonicalInstants, serialType, strictTable, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await strictTable(
    db,
    db.schema
      .createTable("patient_billing_details")
      .addColumn("patient_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
      /** As printed on superbills and estimates, lines split by newlines. */
      .addColumn("postal_address", "text")
      .addColumn("monthly_superbill", "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`monthly_superbill in (0, 1)`),
      )
      .addColumn("updated_at", instantType(db), (c) => c.notNull()),
  ).execute();
  await requireCanonicalInstants(db, "patient_billing_details", ["updated_at"]);

  await strictTable(
    db,
    db.schema
      .createTable("good_faith_estimates")
      .addColumn("id", serialType(db), (c) => c.primaryKey())
      .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("issued_at", instantType(db), (c) => c.notNull())
      .addColumn("reason", "text", (c) => c.notNull().check(sql`reason in ('first_booking', 'changed')`))
      /** The fees it was made from (JSON): a later estimate is issued when they differ. */
      .addColumn("basis", "text", (c) => c.notNull())
      /** The estimate as issued (JSON), rendered as it was whenever it is downloaded. */
      .addColumn("content", "text", (c) => c.notNull())
      .addColumn("total_minor", "integer", (c) => c.notNull())
      .addColumn("currency", "text", (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex("good_faith_estimates_patient_idx").on("good_faith_estimates").columns(["patient_id", "issued_at"]).execute();
  await requireCanonicalInstants(db, "good_faith_estimates", ["issued_at"]);

  await strictTable(
    db,
    db.schema
      .createTable("issued_superbills")
      .addColumn("id", serialType(db), (c) => c.primaryKey())
      .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      /** Calendar dates in the clinic's zone, YYYY-MM-DD, both included. */
      .addColumn("period_from", "text", (c) => c.notNull())
      .addColumn("period_to", "text", (c) => c.notNull())
      .addColumn("issued_at", instantType(db), (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex("issued_superbills_once_idx").on("issued_superbills").columns(["patient_id", "period_from", "period_to"]).unique().execute();
  await requireCanonicalInstants(db, "issued_superbills", ["issued_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ["issued_superbills", "good_faith_estimates", "patient_billing_details"]) {
    await dropCanonicalInstants(db, table);
    await db.schema.dropTable(table).ifExists().execute();
  }
}
