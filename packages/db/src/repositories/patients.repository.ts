import { sql } from "kysely";
import type { Db } from "./db";

export interface PatientSummary {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string;
  dateOfBirth: string;
  lastSessionAt: string | null;
  latestRating: number | null;
  nextAppointmentAt: string | null;
}

/**
 * Patients with their latest session and next appointment, by last name. `doctorId` limits the
 * list to that doctor's patients; `search` matches names and usernames.
 */
export async function listPatients(
  db: Db,
  { doctorId, search, limit, offset, now }: { doctorId?: number; search?: string; limit: number; offset: number; now: string },
): Promise<PatientSummary[]> {
  let query = db
    .selectFrom("users as u")
    .select([
      "u.id",
      "u.username",
      "u.first_name",
      "u.last_name",
      "u.email",
      "u.phone_number",
      "u.date_of_birth",
      (eb) =>
        eb
          .selectFrom("treatment_sessions as t")
          .select("t.created_at")
          .whereRef("t.patient_id", "=", "u.id")
          .orderBy("t.created_at", "desc")
          .limit(1)
          .as("last_session_at"),
      (eb) =>
        eb
          .selectFrom("treatment_sessions as t")
          .select("t.progress_rating")
          .whereRef("t.patient_id", "=", "u.id")
          .where("t.progress_rating", ">", 0)
          .orderBy("t.created_at", "desc")
          .limit(1)
          .as("latest_rating"),
      (eb) =>
        eb
          .selectFrom("appointments as a")
          .select("a.start_time")
          .whereRef("a.patient_id", "=", "u.id")
          .where("a.status", "=", "scheduled")
          .where("a.start_time", ">=", now)
          .$if(doctorId !== undefined, (q) => q.where("a.doctor_id", "=", doctorId!))
          .orderBy("a.start_time", "asc")
          .limit(1)
          .as("next_appointment_at"),
    ])
    .where("u.role", "=", "patient")
    .where("u.deactivated_at", "is", null);
  if (doctorId !== undefined) {
    query = query.where((eb) =>
      eb.exists(eb.selectFrom("care_relationships as c").select("c.patient_id").whereRef("c.patient_id", "=", "u.id").where("c.doctor_id", "=", doctorId)),
    );
  }
  if (search) {
    const pattern = `%${search.toLowerCase().replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    query = query.where(sql<boolean>`(lower(u.first_name || ' ' || u.last_name) like ${pattern} escape '\\' or u.username_key like ${pattern} escape '\\')`);
  }
  const rows = await query.orderBy("u.last_name").orderBy("u.first_name").orderBy("u.id").limit(limit).offset(offset).execute();
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phoneNumber: row.phone_number,
    dateOfBirth: row.date_of_birth,
    lastSessionAt: row.last_session_at ?? null,
    latestRating: row.latest_rating ?? null,
    nextAppointmentAt: row.next_appointment_at ?? null,
  }));
}

export type ActivityKind = "notes_written" | "session_booked" | "session_cancelled";

export interface ActivityEvent {
  kind: ActivityKind;
  at: string;
  appointmentId: number | null;
  patientId: number;
  patientName: string;
  progressRating: number | null;
  lateCancellation: boolean;
}

/** The latest events around a doctor's patients: notes written, sessions booked and cancelled. */
export async function recentActivityOfDoctor(db: Db, doctorId: number, limit: number): Promise<ActivityEvent[]> {
  const [notes, bookings, cancellations] = await Promise.all([
    db
      .selectFrom("treatment_sessions as t")
      .innerJoin("users as p", "p.id", "t.patient_id")
      .select(["t.created_at as at", "t.appointment_id", "t.patient_id", "p.first_name", "p.last_name", "t.progress_rating"])
      .where("t.doctor_id", "=", doctorId)
      .orderBy("t.created_at", "desc")
      .limit(limit)
      .execute(),
    db
      .selectFrom("appointments as a")
      .innerJoin("users as p", "p.id", "a.patient_id")
      .select(["a.created_at as at", "a.id", "a.patient_id", "p.first_name", "p.last_name"])
      .where("a.doctor_id", "=", doctorId)
      .orderBy("a.created_at", "desc")
      .limit(limit)
      .execute(),
    db
      .selectFrom("appointments as a")
      .innerJoin("users as p", "p.id", "a.patient_id")
      .select(["a.cancelled_at as at", "a.id", "a.patient_id", "p.first_name", "p.last_name", "a.late_cancellation"])
      .where("a.doctor_id", "=", doctorId)
      .where("a.cancelled_at", "is not", null)
      .orderBy("a.cancelled_at", "desc")
      .limit(limit)
      .execute(),
  ]);
  const events: ActivityEvent[] = [
    ...notes.map((row) => ({
      kind: "notes_written" as const,
      at: row.at,
      appointmentId: row.appointment_id,
      patientId: row.patient_id,
      patientName: `${row.first_name} ${row.last_name}`,
      progressRating: row.progress_rating,
      lateCancellation: false,
    })),
    ...bookings.map((row) => ({
      kind: "session_booked" as const,
      at: row.at,
      appointmentId: row.id,
      patientId: row.patient_id,
      patientName: `${row.first_name} ${row.last_name}`,
      progressRating: null,
      lateCancellation: false,
    })),
    ...cancellations.map((row) => ({
      kind: "session_cancelled" as const,
      at: row.at ?? "",
      appointmentId: row.id,
      patientId: row.patient_id,
      patientName: `${row.first_name} ${row.last_name}`,
      progressRating: null,
      lateCancellation: Number(row.late_cancellation) === 1,
    })),
  ];
  return events.sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).slice(0, limit);
}
