// Video visits: the room of an appointment, or an instant one.
import type { AppointmentStatus } from "../schema";
import type { Db } from "./db";

export interface Visit {
  id: number;
  appointmentId: number | null;
  doctorId: number;
  patientId: number;
  /** When it was made: an instant visit's room opens then. */
  createdAt: string;
  /** When the doctor first admitted the patient: the call began. */
  startedAt: string | null;
  /** When the doctor ended the visit. */
  endedAt: string | null;
  /** What an appointment's room is derived from (its window and whether it still stands); null for an instant visit. */
  appointment: { startTime: string; endTime: string; status: AppointmentStatus } | null;
}

const VISIT_COLUMNS = [
  "visits.id",
  "visits.appointment_id",
  "visits.doctor_id",
  "visits.patient_id",
  "visits.created_at",
  "visits.started_at",
  "visits.ended_at",
  "appointments.start_time",
  "appointments.end_time",
  "appointments.status",
] as const;

type VisitRow = {
  id: number;
  appointment_id: number | null;
  doctor_id: number;
  patient_id: number;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
  start_time: string | null;
  end_time: string | null;
  status: AppointmentStatus | null;
};

function toVisit(row: VisitRow): Visit {
  return {
    id: row.id,
    appointmentId: row.appointment_id,
    doctorId: row.doctor_id,
    patientId: row.patient_id,
    createdAt: row.created_at,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    appointment:
      row.start_time !== null && row.end_time !== null && row.status !== null ? { startTime: row.start_time, endTime: row.end_time, status: row.status } : null,
  };
}

/** Visits with their appointment, as read: a room's window is derived from it. */
function selectVisits(db: Db) {
  return db.selectFrom("visits").leftJoin("appointments", "appointments.id", "visits.appointment_id").select(VISIT_COLUMNS);
}

export async function findVisit(db: Db, id: number): Promise<Visit | undefined> {
  const row = await selectVisits(db).where("visits.id", "=", id).executeTakeFirst();
  return row && toVisit(row);
}

/** The appointment's visit, if either party has asked for its room. */
export async function findVisitOfAppointment(db: Db, appointmentId: number): Promise<Visit | undefined> {
  const row = await selectVisits(db).where("visits.appointment_id", "=", appointmentId).executeTakeFirst();
  return row && toVisit(row);
}

/**
 * The appointment's visit, made the first time it is asked for: of two parties asking at once,
 * both get the one row (the unique appointment_id decides).
 */
export async function visitOfAppointment(db: Db, visit: { appointmentId: number; doctorId: number; patientId: number; createdAt: string }): Promise<Visit> {
  const made = await findVisitOfAppointment(db, visit.appointmentId);
  if (made) return made;
  await db
    .insertInto("visits")
    .values({ appointment_id: visit.appointmentId, doctor_id: visit.doctorId, patient_id: visit.patientId, created_at: visit.createdAt })
    .onConflict((oc) => oc.column("appointment_id").doNothing())
    .execute();
  const row = await findVisitOfAppointment(db, visit.appointmentId);
  if (!row) throw new Error(`the visit of appointment ${visit.appointmentId} vanished`);
  return row;
}

/** An instant visit: its room opens now. */
export async function insertInstantVisit(db: Db, visit: { doctorId: number; patientId: number; createdAt: string }): Promise<Visit> {
  const row = await db
    .insertInto("visits")
    .values({ appointment_id: null, doctor_id: visit.doctorId, patient_id: visit.patientId, created_at: visit.createdAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  const made = await findVisit(db, row.id);
  if (!made) throw new Error(`instant visit ${row.id} vanished`);
  return made;
}

/** The call began: the doctor admitted the patient for the first time. */
export async function markVisitStarted(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable("visits").set({ started_at: at }).where("id", "=", id).where("started_at", "is", null).execute();
}

/** The doctor ended the visit: its room closes now. False when it had already ended. */
export async function markVisitEnded(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db.updateTable("visits").set({ ended_at: at }).where("id", "=", id).where("ended_at", "is", null).executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** `userId` is in the room through socket `socketId` (a rejoin from a new socket takes over). */
export async function enterVisitRoom(db: Db, presence: { visitId: number; userId: number; socketId: string; at: string }): Promise<void> {
  await db
    .insertInto("visit_presence")
    .values({ visit_id: presence.visitId, user_id: presence.userId, socket_id: presence.socketId, joined_at: presence.at })
    .onConflict((oc) => oc.columns(["visit_id", "user_id"]).doUpdateSet({ socket_id: presence.socketId, joined_at: presence.at }))
    .execute();
}

/** `userId` left through socket `socketId`; false when they were not in the room through it. */
export async function leaveVisitRoom(db: Db, presence: { visitId: number; userId: number; socketId: string }): Promise<boolean> {
  const result = await db
    .deleteFrom("visit_presence")
    .where("visit_id", "=", presence.visitId)
    .where("user_id", "=", presence.userId)
    .where("socket_id", "=", presence.socketId)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

export async function isInVisitRoom(db: Db, visitId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom("visit_presence").select("user_id").where("visit_id", "=", visitId).where("user_id", "=", userId).executeTakeFirst();
  return row !== undefined;
}

/** A patient in a room the doctor has not yet admitted them to, since when (the caller keeps those whose room is open). */
export interface PresentPatient {
  visit: Visit;
  patientName: string;
  since: string;
}

/** Patients present in a doctor's rooms not yet started or ended, longest waiting first. */
export async function patientsPresentFor(db: Db, doctorId: number): Promise<PresentPatient[]> {
  const rows = await selectVisits(db)
    .innerJoin("visit_presence", (join) => join.onRef("visit_presence.visit_id", "=", "visits.id").onRef("visit_presence.user_id", "=", "visits.patient_id"))
    .innerJoin("users", "users.id", "visits.patient_id")
    .select(["visit_presence.joined_at", "users.first_name", "users.last_name"])
    .where("visits.doctor_id", "=", doctorId)
    .where("visits.started_at", "is", null)
    .where("visits.ended_at", "is", null)
    .orderBy("visit_presence.joined_at")
    .execute();
  return rows.map((row) => ({ visit: toVisit(row), patientName: `${row.first_name} ${row.last_name}`, since: row.joined_at }));
}

/**
 * The pair's visits whose room may be open: not ended by the doctor, and either of a session still
 * scheduled or instant and made since `since`; the latest first (the caller applies the windows).
 */
export async function unendedVisitsOfPair(db: Db, pair: { doctorId: number; patientId: number }, since: string): Promise<Visit[]> {
  const rows = await selectVisits(db)
    .where("visits.doctor_id", "=", pair.doctorId)
    .where("visits.patient_id", "=", pair.patientId)
    .where("visits.ended_at", "is", null)
    .where((eb) =>
      eb.or([eb("appointments.status", "=", "scheduled"), eb.and([eb("visits.appointment_id", "is", null), eb("visits.created_at", ">=", since)])]),
    )
    .orderBy("visits.id", "desc")
    .execute();
  return rows.map(toVisit);
}

/** The pair's scheduled sessions that end after `endsAfter`, earliest first (the caller applies the room's window). */
export async function scheduledSessionsOfPair(
  db: Db,
  pair: { doctorId: number; patientId: number },
  endsAfter: string,
  limit: number,
): Promise<{ id: number; startTime: string; endTime: string }[]> {
  const rows = await db
    .selectFrom("appointments")
    .select(["id", "start_time", "end_time"])
    .where("doctor_id", "=", pair.doctorId)
    .where("patient_id", "=", pair.patientId)
    .where("status", "=", "scheduled")
    .where("end_time", ">", endsAfter)
    .orderBy("start_time")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, startTime: row.start_time, endTime: row.end_time }));
}
