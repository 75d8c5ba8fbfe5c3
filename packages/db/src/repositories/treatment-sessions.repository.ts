import type { Db } from "./users.repository";

export interface TreatmentSessionView {
  id: number;
  appointmentId: number | null;
  patientId: number;
  doctorId: number;
  doctorName: string;
  progressRating: number;
  sessionNotes: string;
  createdAt: string;
}

function viewQuery(db: Db) {
  return db
    .selectFrom("treatment_sessions as t")
    .innerJoin("users as d", "d.id", "t.doctor_id")
    .select([
      "t.id",
      "t.appointment_id",
      "t.patient_id",
      "t.doctor_id",
      "d.first_name",
      "d.last_name",
      "t.progress_rating",
      "t.session_notes",
      "t.created_at",
    ]);
}

function toView(row: Awaited<ReturnType<ReturnType<typeof viewQuery>["executeTakeFirstOrThrow"]>>): TreatmentSessionView {
  return {
    id: row.id,
    appointmentId: row.appointment_id,
    patientId: row.patient_id,
    doctorId: row.doctor_id,
    doctorName: `${row.first_name} ${row.last_name}`,
    progressRating: row.progress_rating,
    sessionNotes: row.session_notes,
    createdAt: row.created_at,
  };
}

/** A patient's sessions, newest first. */
export async function listTreatmentSessionsOfPatient(db: Db, patientId: number, limit: number): Promise<TreatmentSessionView[]> {
  const rows = await viewQuery(db).where("t.patient_id", "=", patientId).orderBy("t.created_at", "desc").orderBy("t.id", "desc").limit(limit).execute();
  return rows.map(toView);
}

export async function findTreatmentSession(db: Db, id: number): Promise<TreatmentSessionView | undefined> {
  const row = await viewQuery(db).where("t.id", "=", id).executeTakeFirst();
  return row && toView(row);
}
