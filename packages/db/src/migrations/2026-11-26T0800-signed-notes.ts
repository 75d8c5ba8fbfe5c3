// Signed session notes (issue 19): a note gains a SOAP template (subjective, objective, assessment,
// plan) beside the spec's free text and rating, and a signature: who signed, when, and a SHA-256
// of what was signed. A signed note never changes again; it grows only by dated addenda. The
// private psychotherapy note lives in a table of its own, so no query over session notes can
// carry it by accident.
// Frozen: never edit a migration that has shipped; add a new one.
import { dropCanonicalInstants, instantType, requireCanonicalInstants, serialType, strictTable, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  for (const section of ["subjective", "objective", "assessment", "plan"]) {
    await db.schema
      .alterTable("treatment_sessions")
      .addColumn(section, "text", (c) => c.notNull().defaultTo(""))
      .execute();
  }
  await db.schema.alterTable("treatment_sessions").addColumn("signed_at", instantType(db)).execute();
  await db.schema
    .alterTable("treatment_sessions")
    .addColumn("signed_by", "integer", (c) => c.references("users.id"))
    .execute();
  await db.schema.alterTable("treatment_sessions").addColumn("content_hash", "text").execute();
  await dropCanonicalInstants(db, "treatment_sessions");
  await requireCanonicalInstants(db, "treatment_sessions", ["created_at", "signed_at"]);

  await strictTable(
    db,
    db.schema
      .createTable("session_addenda")
      .addColumn("id", serialType(db), (c) => c.primaryKey())
      .addColumn("session_id", "integer", (c) => c.notNull().references("treatment_sessions.id").onDelete("cascade"))
      .addColumn("author_id", "integer", (c) => c.notNull().references("users.id"))
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("created_at", instantType(db), (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex("session_addenda_session_idx").on("session_addenda").columns(["session_id", "created_at"]).execute();
  await requireCanonicalInstants(db, "session_addenda", ["created_at"]);

  await strictTable(
    db,
    db.schema
      .createTable("psychotherapy_notes")
      .addColumn("session_id", "integer", (c) => c.primaryKey().references("treatment_sessions.id").onDelete("cascade"))
      .addColumn("author_id", "integer", (c) => c.notNull().references("users.id"))
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("updated_at", instantType(db), (c) => c.notNull()),
  ).execute();
  await requireCanonicalInstants(db, "psychotherapy_notes", ["updated_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ["psychotherapy_notes", "session_addenda"]) {
    await dropCanonicalInstants(db, table);
    await db.schema.dropTable(table).ifExists().execute();
  }
  await dropCanonicalInstants(db, "treatment_sessions");
  for (const column of ["content_hash", "signed_by", "signed_at", "plan", "assessment", "objective", "subjective"]) {
    await db.schema.alterTable("treatment_sessions").dropColumn(column).execute();
  }
  await requireCanonicalInstants(db, "treatment_sessions", ["created_at"]);
}
