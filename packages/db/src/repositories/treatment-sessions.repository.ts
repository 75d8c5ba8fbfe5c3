// Session notes (treatment sessions): a doctor's record of one session, with its progress rating.
// Its own aggregate, not part of the appointment's: notes may stand without an appointment, carry
// their own id, and are read by who may see clinical records, not by who may see a calendar.
import type { Db } from "./db";

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
    .select(["t.id", "t.appointment_id", "t.patient_id", "t.doctor_id", "d.first_name", "d.last_name", "t.progress_rating", "t.session_notes", "t.created_at"]);
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

export interface NewTreatmentSession {
  appointmentId: number | null;
  patientId: number;
  doctorId: number;
  progressRating: number;
  sessionNotes: string;
  createdAt: string;
}

export async function insertTreatmentSession(db: Db, session: NewTreatmentSession): Promise<number> {
  const row = await db
    .insertInto("treatment_sessions")
    .values({
      appointment_id: session.appointmentId,
      patient_id: session.patientId,
      doctor_id: session.doctorId,
      progress_rating: session.progressRating,
      session_notes: session.sessionNotes,
      created_at: session.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
