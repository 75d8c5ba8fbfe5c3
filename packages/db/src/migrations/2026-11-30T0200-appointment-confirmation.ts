// Issue 34, appointment reminders: appointments.confirmed_at is when the patient confirmed the
// session from a reminder's Confirm link (the doctor's day shows it). A reschedule clears it: the
// patient confirmed the old time, not the new one.
// The scheduler's reads go by start time (appointments_start_idx) and by the notices' dedupe keys
// (their unique index): nothing new to index.
// Frozen: never edit a migration that has shipped; add a new one.
import { dropCanonicalInstantsOf, instantType, requireCanonicalInstantsOf, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("appointments").addColumn("confirmed_at", instantType(db)).execute();
  await requireCanonicalInstantsOf(db, "appointments", "confirmation", ["confirmed_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropCanonicalInstantsOf(db, "appointments", "confirmation");
  await db.schema.alterTable("appointments").dropColumn("confirmed_at").execute();
}
