// When each patient's Good Faith Estimate was last looked at. The minute sweep looks for patients
// whose bookings, rates or fees changed since then; measured against the last estimate *issued*,
// a patient who books another session of what their estimate already covers (most patients,
// every week) stayed a candidate until that session passed, and every sweep looked at all of them
// again. A look that finds nothing new now counts as a look. Filled from the estimates issued.
// Frozen: never edit a migration that has shipped; add a new one.
import { sql } from "kysely";
import { dropCanonicalInstants, instantType, requireCanonicalInstants, strictTable, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await strictTable(
    db,
    db.schema
      .createTable("estimate_reviews")
      .addColumn("patient_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
      .addColumn("reviewed_at", instantType(db), (c) => c.notNull()),
  ).execute();
  await requireCanonicalInstants(db, "estimate_reviews", ["reviewed_at"]);
  await sql`
    insert into estimate_reviews (patient_id, reviewed_at)
    select patient_id, max(issued_at) from good_faith_estimates group by patient_id
  `.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropCanonicalInstants(db, "estimate_reviews");
  await db.schema.dropTable("estimate_reviews").execute();
}
