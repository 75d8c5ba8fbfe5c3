// Intake and consent: the clinic's consent forms in versions, patients' signatures of them, and
// each patient's intake form.
import type { ExpressionBuilder } from "kysely";
import type { ConsentKind, Database } from "../schema";
import type { Db } from "./db";

export interface ConsentDocument {
  id: number;
  kind: ConsentKind;
  version: number;
  body: string;
  bodyHash: string;
  createdAt: string;
}

/** The newest version of each consent form. */
export async function currentConsentDocuments(db: Db): Promise<ConsentDocument[]> {
  const rows = await db
    .selectFrom("consent_documents as d")
    .select(["d.id", "d.kind", "d.version", "d.body", "d.body_hash", "d.created_at"])
    .where(isCurrentVersion)
    .orderBy("d.kind", "desc")
    .execute();
  return rows.map(toConsentDocument);
}

/** The current version of each consent form: its version is the newest of its kind. */
function isCurrentVersion(eb: ExpressionBuilder<Database & { d: Database["consent_documents"] }, "d">) {
  return eb(
    "d.version",
    "=",
    eb
      .selectFrom("consent_documents as newer")
      .select((inner) => inner.fn.max("newer.version").as("latest"))
      .whereRef("newer.kind", "=", "d.kind"),
  );
}

/**
 * Of `patientIds`, those who have not filled in the intake form or not signed some consent's
 * current version: one statement, by the signatures' (patient, document) index, on a hot path (every
 * appointments read marks its scheduled sessions with it).
 */
export async function patientsWithPaperworkDue(db: Db, patientIds: readonly number[]): Promise<Set<number>> {
  if (patientIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("users as u")
    .select("u.id")
    .where("u.id", "in", [...new Set(patientIds)])
    .where(({ or, not, exists, selectFrom }) =>
      or([
        not(exists(selectFrom("intake_forms as f").select("f.patient_id").whereRef("f.patient_id", "=", "u.id"))),
        exists(
          selectFrom("consent_documents as d")
            .select("d.id")
            .where(isCurrentVersion)
            .where(({ not, exists, selectFrom }) =>
              not(exists(selectFrom("consent_signatures as s").select("s.id").whereRef("s.patient_id", "=", "u.id").whereRef("s.document_id", "=", "d.id"))),
            ),
        ),
      ]),
    )
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Whether the patient has still to sign the current version of the consent of `kind` (false when the clinic has no such form). */
export async function currentConsentUnsigned(db: Db, patientId: number, kind: ConsentKind): Promise<boolean> {
  const row = await db
    .selectFrom("consent_documents as d")
    .select("d.id")
    .where("d.kind", "=", kind)
    .where(isCurrentVersion)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("consent_signatures as s").select("s.id").where("s.patient_id", "=", patientId).whereRef("s.document_id", "=", "d.id"))),
    )
    .executeTakeFirst();
  return row !== undefined;
}

function toConsentDocument(row: { id: number; kind: ConsentKind; version: number; body: string; body_hash: string; created_at: string }): ConsentDocument {
  return { id: row.id, kind: row.kind, version: row.version, body: row.body, bodyHash: row.body_hash, createdAt: row.created_at };
}

/** The consent forms with these ids, in no particular order. */
export async function findConsentDocuments(db: Db, ids: readonly number[]): Promise<ConsentDocument[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("consent_documents").select(["id", "kind", "version", "body", "body_hash", "created_at"]).where("id", "in", ids).execute();
  return rows.map(toConsentDocument);
}

export async function insertConsentDocument(
  db: Db,
  document: { kind: ConsentKind; version: number; body: string; bodyHash: string; createdBy: number; createdAt: string },
): Promise<void> {
  await db
    .insertInto("consent_documents")
    .values({
      kind: document.kind,
      version: document.version,
      body: document.body,
      body_hash: document.bodyHash,
      created_by: document.createdBy,
      created_at: document.createdAt,
    })
    .execute();
}

export interface ConsentSignature {
  kind: ConsentKind;
  version: number;
  documentId: number;
  typedName: string;
  bodyHash: string;
  ip: string | null;
  signedAt: string;
}

/** Every consent the patient signed, newest version first within each kind. */
export async function consentSignaturesOf(db: Db, patientId: number): Promise<ConsentSignature[]> {
  const rows = await db
    .selectFrom("consent_signatures as s")
    .innerJoin("consent_documents as d", "d.id", "s.document_id")
    .select(["d.kind", "d.version", "s.document_id", "s.typed_name", "s.body_hash", "s.ip", "s.signed_at"])
    .where("s.patient_id", "=", patientId)
    .orderBy("d.kind")
    .orderBy("d.version", "desc")
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    version: row.version,
    documentId: row.document_id,
    typedName: row.typed_name,
    bodyHash: row.body_hash,
    ip: row.ip,
    signedAt: row.signed_at,
  }));
}

export async function insertConsentSignature(
  db: Db,
  signature: { patientId: number; documentId: number; typedName: string; bodyHash: string; ip: string | null; signedAt: string },
): Promise<void> {
  await db
    .insertInto("consent_signatures")
    .values({
      patient_id: signature.patientId,
      document_id: signature.documentId,
      typed_name: signature.typedName,
      body_hash: signature.bodyHash,
      ip: signature.ip,
      signed_at: signature.signedAt,
    })
    .execute();
}

export interface IntakeForm {
  reason: string;
  medications: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
  updatedAt: string;
}

export async function findIntakeForm(db: Db, patientId: number): Promise<IntakeForm | undefined> {
  const row = await db.selectFrom("intake_forms").selectAll().where("patient_id", "=", patientId).executeTakeFirst();
  return (
    row && {
      reason: row.reason,
      medications: row.medications,
      emergencyContactName: row.emergency_contact_name,
      emergencyContactPhone: row.emergency_contact_phone,
      updatedAt: row.updated_at,
    }
  );
}

export async function saveIntakeForm(db: Db, patientId: number, form: IntakeForm): Promise<void> {
  const values = {
    reason: form.reason,
    medications: form.medications,
    emergency_contact_name: form.emergencyContactName,
    emergency_contact_phone: form.emergencyContactPhone,
    updated_at: form.updatedAt,
  };
  await db
    .insertInto("intake_forms")
    .values({ patient_id: patientId, ...values })
    .onConflict((oc) => oc.column("patient_id").doUpdateSet(values))
    .execute();
}
