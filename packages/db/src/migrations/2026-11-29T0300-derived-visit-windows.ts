// A visit's room no longer keeps a copy of its window. An appointment's room opens and closes
// with the appointment (15 minutes before its start, 30 after its end, and only while it is
// scheduled), so a rescheduled session's room moves with it; an instant visit's room opens when
// the doctor starts it (created_at) and closes two hours later. What is read is derived from
// those at read time (the domain's visits/room-window.ts); a copy could only go stale.
// ended_at keeps when the doctor ended the visit.
// Frozen: never edit a migration that has shipped; add a new one.
import { dropCanonicalInstants, instantType, requireCanonicalInstants, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await dropCanonicalInstants(db, "visits");
  await db.schema.alterTable("visits").dropColumn("opens_at").execute();
  await db.schema.alterTable("visits").dropColumn("closes_at").execute();
  await requireCanonicalInstants(db, "visits", ["created_at", "started_at", "ended_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropCanonicalInstants(db, "visits");
  // The window as it was copied: from the creation, until the doctor's end (if any).
  await db.schema.alterTable("visits").addColumn("opens_at", instantType(db)).execute();
  await db.schema.alterTable("visits").addColumn("closes_at", instantType(db)).execute();
  await db
    .updateTable("visits")
    .set((eb) => ({ opens_at: eb.ref("created_at"), closes_at: eb.ref("ended_at") }))
    .execute();
  await requireCanonicalInstants(db, "visits", ["opens_at", "closes_at", "created_at", "started_at", "ended_at"]);
}
