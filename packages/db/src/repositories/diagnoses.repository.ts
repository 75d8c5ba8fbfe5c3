// A patient's diagnoses: ICD-10-CM codes recorded by their doctors, resolved rather than deleted.
// Which codes are allowed and who may read or write them are the domain's.
import type { Db } from "./db";

export interface DiagnosisView {
  id: number;
  patientId: number;
  code: string;
  recordedBy: number | null;
  recordedByName: string | null;
  recordedAt: string;
  resolvedAt: string | null;
}

/** A patient's diagnoses, current ones first, each group oldest first. */
export async function listDiagnoses(db: Db, patientId: number): Promise<DiagnosisView[]> {
  const rows = await db
    .selectFrom("diagnoses as d")
    .leftJoin("users as u", "u.id", "d.recorded_by")
    .select(["d.id", "d.patient_id", "d.code", "d.recorded_by", "d.recorded_at", "d.resolved_at", "u.first_name", "u.last_name"])
    .where("d.patient_id", "=", patientId)
    .orderBy("d.recorded_at")
    .orderBy("d.id")
    .execute();
  const views = rows.map((row) => ({
    id: row.id,
    patientId: row.patient_id,
    code: row.code,
    recordedBy: row.recorded_by,
    recordedByName: row.first_name === null ? null : `${row.first_name} ${row.last_name}`,
    recordedAt: row.recorded_at,
    resolvedAt: row.resolved_at,
  }));
  return [...views.filter((view) => view.resolvedAt === null), ...views.filter((view) => view.resolvedAt !== null)];
}

export async function findDiagnosis(db: Db, id: number): Promise<{ id: number; patientId: number; code: string; resolvedAt: string | null } | undefined> {
  const row = await db.selectFrom("diagnoses").select(["id", "patient_id", "code", "resolved_at"]).where("id", "=", id).executeTakeFirst();
  return row && { id: row.id, patientId: row.patient_id, code: row.code, resolvedAt: row.resolved_at };
}

export async function insertDiagnosis(db: Db, diagnosis: { patientId: number; code: string; recordedBy: number; recordedAt: string }): Promise<number> {
  const row = await db
    .insertInto("diagnoses")
    .values({ patient_id: diagnosis.patientId, code: diagnosis.code, recorded_by: diagnosis.recordedBy, recorded_at: diagnosis.recordedAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Marks a current diagnosis resolved; false if it already was. */
export async function resolveDiagnosis(db: Db, id: number, by: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable("diagnoses")
    .set({ resolved_by: by, resolved_at: at })
    .where("id", "=", id)
    .where("resolved_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
