// Inserts for appointments and treatment sessions. The screens that read them own their queries
// in repositories of their own.
import type { AppointmentStatus } from "../schema";
import type { Db } from "./users.repository";

export interface NewAppointment {
  patientId: number;
  doctorId: number;
  title: string;
  description: string | null;
  startTime: string;
  endTime: string;
  status: AppointmentStatus;
  createdAt: string;
}

/** A new appointment's columns as it is stored. */
export function appointmentRow(appointment: NewAppointment) {
  return {
    patient_id: appointment.patientId,
    doctor_id: appointment.doctorId,
    title: appointment.title,
    description: appointment.description,
    start_time: appointment.startTime,
    end_time: appointment.endTime,
    status: appointment.status,
    notes: null,
    created_at: appointment.createdAt,
    updated_at: appointment.createdAt,
  };
}

export async function insertAppointment(db: Db, appointment: NewAppointment): Promise<number> {
  const row = await db.insertInto("appointments").values(appointmentRow(appointment)).returning("id").executeTakeFirstOrThrow();
  return row.id;
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
