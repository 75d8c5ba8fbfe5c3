// Issue 36 part 1, records stay apart: the note of a couple's or a group's session is the
// session's, never one patient's. It is kept with the party (one note a session, its doctor's),
// out of every patient's record, and read by a participant only once the doctor shares it with
// them (party_note_shares, one row a participant). Signed as a single session's note is: once,
// with a hash of what was signed, and never changed after.
// Frozen: never edit a migration that has shipped; add a new one.
import { dropCanonicalInstants, instantType, requireCanonicalInstants, strictTable, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await strictTable(
    db,
    db.schema
      .createTable("party_notes")
      .addColumn("party_id", "integer", (c) => c.primaryKey().references("appointment_parties.id").onDelete("cascade"))
      .addColumn("doctor_id", "integer", (c) => c.notNull().references("users.id"))
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("created_at", instantType(db), (c) => c.notNull())
      .addColumn("updated_at", instantType(db), (c) => c.notNull())
      .addColumn("signed_at", instantType(db))
      .addColumn("signed_by", "integer", (c) => c.references("users.id"))
      .addColumn("content_hash", "text"),
  ).execute();
  await requireCanonicalInstants(db, "party_notes", ["created_at", "updated_at", "signed_at"]);

  await strictTable(
    db,
    db.schema
      .createTable("party_note_shares")
      .addColumn("party_id", "integer", (c) => c.notNull().references("party_notes.party_id").onDelete("cascade"))
      .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("shared_by", "integer", (c) => c.notNull().references("users.id"))
      .addColumn("shared_at", instantType(db), (c) => c.notNull())
      .addPrimaryKeyConstraint("party_note_shares_pk", ["party_id", "patient_id"]),
  ).execute();
  await requireCanonicalInstants(db, "party_note_shares", ["shared_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropCanonicalInstants(db, "party_note_shares");
  await db.schema.dropTable("party_note_shares").execute();
  await dropCanonicalInstants(db, "party_notes");
  await db.schema.dropTable("party_notes").execute();
}
