// Issue 35: every booking that names no service looks up the clinic's default individual service
// (active, of kind 'individual'); an index on (kind, active) keeps that off a table scan.
// Frozen: never edit a migration that has shipped; add a new one.
import type { MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.createIndex("clinic_services_kind_idx").on("clinic_services").columns(["kind", "active"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex("clinic_services_kind_idx").ifExists().execute();
}
