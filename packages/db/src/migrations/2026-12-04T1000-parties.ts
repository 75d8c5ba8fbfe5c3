// Issue 36 part 1, sessions of several patients: a couple, or a doctor's group. Every patient in
// one still has their own appointment row (their own notices, reminders, confirmation, fee,
// attendance and care, exactly as a single session's), and the rows of one session name its
// party. The party holds the doctor's hour: the doctor's slot index now counts single sessions
// only, the party's own index counts parties, and a booking of either kind asks for the other
// under the doctor's lock (appointments/doctor-hours.ts), so a doctor's hour has one session.
// - party_invitations: a couple's partner, named by email by the patient who booked. It is
//   answered by the patient whose verified address it is (never anyone holding a link), so an
//   invitation to an address with no account waits until one is made with it.
// Frozen: never edit a migration that has shipped; add a new one.
import { sql } from "kysely";
import { dropCanonicalInstants, instantType, requireCanonicalInstants, serialType, strictTable, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await strictTable(
    db,
    db.schema
      .createTable("appointment_parties")
      .addColumn("id", serialType(db), (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('couple', 'group')`))
      .addColumn("doctor_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("start_time", instantType(db), (c) => c.notNull())
      .addColumn("end_time", instantType(db), (c) => c.notNull())
      // A couple is two; a group two to twelve.
      .addColumn("capacity", "integer", (c) => c.notNull().check(sql`capacity between 2 and 12`))
      // A group's service: each member's place agrees its fee (a couple's is on the booking's place).
      .addColumn("service_id", "integer", (c) => c.references("clinic_services.id"))
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("created_by", "integer", (c) => c.references("users.id"))
      .addColumn("created_at", instantType(db), (c) => c.notNull())
      .addColumn("updated_at", instantType(db), (c) => c.notNull()),
  ).execute();
  await requireCanonicalInstants(db, "appointment_parties", ["start_time", "end_time", "created_at", "updated_at"]);
  await sql`create unique index appointment_parties_doctor_slot on appointment_parties (doctor_id, start_time) where status = 'scheduled'`.execute(db);

  await db.schema
    .alterTable("appointments")
    .addColumn("party_id", "integer", (c) => c.references("appointment_parties.id"))
    .execute();
  await db.schema.createIndex("appointments_party_idx").on("appointments").column("party_id").execute();
  await db.schema.dropIndex("appointments_doctor_slot_unique").execute();
  await sql`create unique index appointments_doctor_slot_unique on appointments (doctor_id, start_time) where status = 'scheduled' and party_id is null`.execute(
    db,
  );

  await strictTable(
    db,
    db.schema
      .createTable("party_invitations")
      .addColumn("id", serialType(db), (c) => c.primaryKey())
      .addColumn("party_id", "integer", (c) => c.notNull().references("appointment_parties.id").onDelete("cascade"))
      .addColumn("invited_by", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      // Lower-cased, as accounts keep theirs.
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("patient_id", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("created_at", instantType(db), (c) => c.notNull())
      .addColumn("answered_at", instantType(db)),
  ).execute();
  await requireCanonicalInstants(db, "party_invitations", ["created_at", "answered_at"]);
  // A party has one invitation waiting at a time; a patient finds theirs by address.
  await sql`create unique index party_invitations_one_pending on party_invitations (party_id) where status = 'pending'`.execute(db);
  await sql`create index party_invitations_pending_email on party_invitations (email) where status = 'pending'`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropCanonicalInstants(db, "party_invitations");
  await db.schema.dropTable("party_invitations").ifExists().execute();
  await db.schema.dropIndex("appointments_doctor_slot_unique").execute();
  await sql`create unique index appointments_doctor_slot_unique on appointments (doctor_id, start_time) where status = 'scheduled'`.execute(db);
  await db.schema.dropIndex("appointments_party_idx").ifExists().execute();
  await db.schema.alterTable("appointments").dropColumn("party_id").execute();
  await dropCanonicalInstants(db, "appointment_parties");
  await db.schema.dropTable("appointment_parties").execute();
}
