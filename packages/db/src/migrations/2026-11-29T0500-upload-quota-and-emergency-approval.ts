// Issue 33, item 12:
// - attachments (uploader_id, size): what a member holds is summed at each upload, against their
//   storage quota, from the index alone (never reading the files).
// - care_endings: a doctor whose care of a patient an admin ended, and when. Emergency access to
//   that patient then needs an admin's approval first.
// - emergency_access.approval_required / approved_at / approved_by: such a request waits (its
//   expires_at is its request time, so it opens nothing) until an admin approves it; approval
//   gives it its hour from then.
// Frozen: never edit a migration that has shipped; add a new one.
import {
  dropCanonicalInstants,
  dropCanonicalInstantsOf,
  instantType,
  requireCanonicalInstants,
  requireCanonicalInstantsOf,
  strictTable,
  type MigrationDb,
} from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.createIndex("attachments_uploader_size").on("attachments").columns(["uploader_id", "size"]).execute();

  await strictTable(
    db,
    db.schema
      .createTable("care_endings")
      .addColumn("doctor_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("ended_at", instantType(db), (c) => c.notNull())
      .addColumn("ended_by", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addPrimaryKeyConstraint("care_endings_pk", ["doctor_id", "patient_id"]),
  ).execute();
  await requireCanonicalInstants(db, "care_endings", ["ended_at"]);

  await db.schema
    .alterTable("emergency_access")
    .addColumn("approval_required", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("emergency_access").addColumn("approved_at", instantType(db)).execute();
  await db.schema
    .alterTable("emergency_access")
    .addColumn("approved_by", "integer", (c) => c.references("users.id"))
    .execute();
  // The table's own instant triggers name its first columns; approved_at gets a pair of its own.
  await requireCanonicalInstantsOf(db, "emergency_access", "approval", ["approved_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropCanonicalInstantsOf(db, "emergency_access", "approval");
  await db.schema.alterTable("emergency_access").dropColumn("approved_by").execute();
  await db.schema.alterTable("emergency_access").dropColumn("approved_at").execute();
  await db.schema.alterTable("emergency_access").dropColumn("approval_required").execute();
  await dropCanonicalInstants(db, "care_endings");
  await db.schema.dropTable("care_endings").ifExists().execute();
  await db.schema.dropIndex("attachments_uploader_size").ifExists().execute();
}
