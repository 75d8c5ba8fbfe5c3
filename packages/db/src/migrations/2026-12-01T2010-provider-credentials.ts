// A clinician's licence and individual NPI (issue 35), printed on superbills and Good Faith
// Estimates; kept by an admin, both optional (a clinic outside the US has no NPI).
// Frozen: never edit a migration that has shipped; add a new one.
import type { MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("doctor_profiles").addColumn("licence", "text").execute();
  await db.schema.alterTable("doctor_profiles").addColumn("npi", "text").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("doctor_profiles").dropColumn("npi").execute();
  await db.schema.alterTable("doctor_profiles").dropColumn("licence").execute();
}
