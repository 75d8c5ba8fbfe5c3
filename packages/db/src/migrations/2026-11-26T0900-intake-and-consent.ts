// Intake and consent (issue 19): the clinic's consent forms, each kind in numbered versions that
// never change once written (a new text is a new version); each signature of a version, with the
// name the patient typed, the time, the address and the SHA-256 of the text they read; and the
// patient's intake form. Version 1 of each consent is the text below, which an admin may replace.
// Frozen: never edit a migration that has shipped; add a new one.
import { createHash } from "node:crypto";

import { sql } from "kysely";
import { dropCanonicalInstants, instantType, requireCanonicalInstants, serialType, strictTable, type MigrationDb } from "./dialect";

const FIRST_VERSIONS = {
  treatment: [
    "I consent to receive psychotherapy from the clinicians of this practice. I understand that therapy involves talking about personal matters, that it may at times be uncomfortable, and that its benefits cannot be guaranteed.",
    "What I share is confidential. The law allows or requires my clinician to share information without my consent only to protect me or another person from serious harm, when a child or vulnerable adult may be at risk, or when a court orders it.",
    "I may ask questions about my treatment at any time, and I may end treatment whenever I choose. I have read this consent and had the chance to ask about it.",
  ].join("\n\n"),
  telehealth: [
    "I consent to receive some or all of my care by secure video. I understand that I should join from a private place, that the clinic does not record visits, and that a poor connection may interrupt a session.",
    "If a video visit fails, my clinician will try to reach me by phone. If I am in crisis during or between visits, I will call 988 or emergency services rather than wait for the video to reconnect.",
    "I may ask to see my clinician in person instead, and I may withdraw this consent at any time.",
  ].join("\n\n"),
};

export async function up(db: MigrationDb): Promise<void> {
  await strictTable(
    db,
    db.schema
      .createTable("consent_documents")
      .addColumn("id", serialType(db), (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('treatment', 'telehealth')`))
      .addColumn("version", "integer", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      /** SHA-256 (hex) of the body in UTF-8. */
      .addColumn("body_hash", "text", (c) => c.notNull())
      .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("created_at", instantType(db), (c) => c.notNull())
      .addUniqueConstraint("consent_documents_kind_version_unique", ["kind", "version"]),
  ).execute();
  await requireCanonicalInstants(db, "consent_documents", ["created_at"]);

  await strictTable(
    db,
    db.schema
      .createTable("consent_signatures")
      .addColumn("id", serialType(db), (c) => c.primaryKey())
      .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("document_id", "integer", (c) => c.notNull().references("consent_documents.id"))
      .addColumn("typed_name", "text", (c) => c.notNull())
      /** The hash of the text signed, kept with the signature: it proves what was read. */
      .addColumn("body_hash", "text", (c) => c.notNull())
      .addColumn("ip", "text")
      .addColumn("signed_at", instantType(db), (c) => c.notNull())
      .addUniqueConstraint("consent_signatures_patient_document_unique", ["patient_id", "document_id"]),
  ).execute();
  await requireCanonicalInstants(db, "consent_signatures", ["signed_at"]);

  await strictTable(
    db,
    db.schema
      .createTable("intake_forms")
      .addColumn("patient_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
      .addColumn("reason", "text", (c) => c.notNull())
      .addColumn("medications", "text", (c) => c.notNull())
      .addColumn("emergency_contact_name", "text", (c) => c.notNull())
      .addColumn("emergency_contact_phone", "text", (c) => c.notNull())
      .addColumn("updated_at", instantType(db), (c) => c.notNull()),
  ).execute();
  await requireCanonicalInstants(db, "intake_forms", ["updated_at"]);

  const createdAt = new Date().toISOString();
  for (const [kind, body] of Object.entries(FIRST_VERSIONS)) {
    await db
      .insertInto("consent_documents")
      .values({ kind, version: 1, body, body_hash: createHash("sha256").update(body, "utf8").digest("hex"), created_by: null, created_at: createdAt })
      .execute();
  }
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ["intake_forms", "consent_signatures", "consent_documents"]) {
    await dropCanonicalInstants(db, table);
    await db.schema.dropTable(table).ifExists().execute();
  }
}
