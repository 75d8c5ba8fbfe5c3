// Inserts for appointments and treatment sessions. The screens that read them own their queries
// in repositories of their own.
import type { Kysely } from "kysely";
import { preparedQuery } from "../prepared-query";
import type { AppointmentStatus, Database } from "../schema";
import { writeTransactionOnWriter } from "../sqlite-worker-dialect";
import { appendAuditEventsIn, chainAppend, type AuditEvent } from "./audit-log.repository";
import { careRelationshipInsert } from "./scheduling.repository";
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

/** Every booking's insert: built and compiled once. */
const appointmentInsert = preparedQuery((db, appointment: NewAppointment) => db.insertInto("appointments").values(appointmentRow(appointment)).returning("id"));

export async function insertAppointment(db: Db, appointment: NewAppointment): Promise<number> {
  return insertedId(await appointmentInsert.executeTakeFirst(db, appointment));
}

function insertedId(row: { id: number } | undefined): number {
  if (!row) throw new Error("the appointment insert returned no id");
  return row.id;
}

export interface Booking {
  appointment: NewAppointment;
  /** The booking puts the patient in the doctor's care, as of the booking (a pair in care stays as it was). */
  newToCare: boolean;
  /** The booking's audit row; its target is the new appointment. */
  audit: Omit<AuditEvent, "targetId">;
}

/**
 * Writes a booking in one transaction: the care relationship when new, the appointment, and the
 * audit row naming it. On SQLite it goes to the writer whole and commits with the other bookings
 * of the moment. Answers the new appointment's id.
 */
export async function insertBooking(db: Kysely<Database>, { appointment, newToCare, audit }: Booking): Promise<number> {
  const care = { doctorId: appointment.doctorId, patientId: appointment.patientId, since: appointment.createdAt };
  const rows = await writeTransactionOnWriter(db, () => {
    const statements = [...(newToCare ? [careRelationshipInsert.compiled(db, care)] : []), appointmentInsert.compiled(db, appointment)];
    return { statements, append: { ...chainAppend(db, [audit]), targetIdFrom: statements.length - 1 } };
  });
  if (rows) return insertedId(rows.at(-1)?.[0] as { id: number } | undefined);
  return db.transaction().execute(async (trx) => {
    if (newToCare) await careRelationshipInsert.execute(trx, care);
    const id = await insertAppointment(trx, appointment);
    await appendAuditEventsIn(trx, [{ ...audit, targetId: id }]);
    return id;
  });
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
