// Care relationships are earned, not taken. Each relationship now says how it began: with a
// booking (the patient's own, or an admin's on their behalf), with a doctor opening the patient's
// account, or with an admin assigning the doctor. One that rests on bookings alone ends when a
// cancellation leaves the pair with nothing but cancelled appointments.
// Before this, any doctor's booking of any patient began a relationship that outlived its
// cancellation. Those left behind by bookings that were all cancelled, with no session notes, are
// removed here; a relationship the doctor began by opening the patient's account (found in the
// audit log) stays.
// Emergency access: a doctor's written reason to open the record of a patient not in their care,
// for an hour, until an admin has reviewed it.
// Frozen: never edit a migration that has shipped; add a new one.
import { sql } from "kysely";
import { instantType, serialType, strictTable, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable("care_relationships")
    .addColumn("origin", "text", (c) =>
      c
        .notNull()
        .defaultTo("booking")
        .check(sql`origin in ('booking', 'doctor', 'admin')`),
    )
    .execute();
  await sql`
    update care_relationships set origin = 'doctor'
    where exists (
      select 1 from audit_log a
      where a.action = 'user.create' and a.actor_id = care_relationships.doctor_id and a.target_id = cast(care_relationships.patient_id as text)
    )
  `.execute(db);
  await sql`
    delete from care_relationships
    where origin = 'booking'
      and exists (select 1 from appointments a where a.doctor_id = care_relationships.doctor_id and a.patient_id = care_relationships.patient_id)
      and not exists (
        select 1 from appointments a
        where a.doctor_id = care_relationships.doctor_id and a.patient_id = care_relationships.patient_id and a.status <> 'cancelled'
      )
      and not exists (
        select 1 from treatment_sessions t where t.doctor_id = care_relationships.doctor_id and t.patient_id = care_relationships.patient_id
      )
  `.execute(db);

  const instant = instantType(db);
  await strictTable(
    db,
    db.schema
      .createTable("emergency_access")
      .addColumn("id", serialType(db), (c) => c.primaryKey())
      .addColumn("doctor_id", "integer", (c) => c.notNull().references("users.id"))
      .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id"))
      .addColumn("reason", "text", (c) => c.notNull())
      .addColumn("granted_at", instant, (c) => c.notNull())
      .addColumn("expires_at", instant, (c) => c.notNull())
      .addColumn("reviewed_at", instant)
      .addColumn("reviewed_by", "integer", (c) => c.references("users.id")),
  ).execute();
  // A doctor's open grants for a patient, checked at each read of the record.
  await db.schema.createIndex("emergency_access_pair_idx").on("emergency_access").columns(["doctor_id", "patient_id", "expires_at"]).execute();
  // The admin dashboard's list: what still waits for review, oldest first.
  await sql`create index emergency_access_unreviewed_idx on emergency_access (granted_at) where reviewed_at is null`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("emergency_access").ifExists().execute();
  await db.schema.alterTable("care_relationships").dropColumn("origin").execute();
}
