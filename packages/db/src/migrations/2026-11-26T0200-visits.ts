// Video visits: one per appointment (made the first time either party asks for its room), or an
// instant one a doctor starts with a patient in their care. The server keeps when the room opens
// and closes: no media, no content.
// Frozen: never edit a migration that has shipped; add a new one.
import { dropCanonicalInstants, instantType, requireCanonicalInstants, serialType, strictTable, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await strictTable(
    db,
    db.schema
      .createTable("visits")
      .addColumn("id", serialType(db), (c) => c.primaryKey())
      /** Null for an instant visit. */
      .addColumn("appointment_id", "integer", (c) => c.unique().references("appointments.id").onDelete("cascade"))
      .addColumn("doctor_id", "integer", (c) => c.notNull().references("users.id"))
      .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id"))
      .addColumn("opens_at", instantType(db), (c) => c.notNull())
      /** Null for an instant visit: open until the doctor ends it. */
      .addColumn("closes_at", instantType(db))
      .addColumn("created_at", instantType(db), (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex("visits_doctor_idx").on("visits").column("doctor_id").execute();
  await db.schema.createIndex("visits_patient_idx").on("visits").column("patient_id").execute();
  await requireCanonicalInstants(db, "visits", ["opens_at", "closes_at", "created_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropCanonicalInstants(db, "visits");
  await db.schema.dropTable("visits").ifExists().execute();
}
