// Video visits: the room of an appointment, or an instant one.
import type { Db } from "./db";

export interface Visit {
  id: number;
  appointmentId: number | null;
  doctorId: number;
  patientId: number;
  opensAt: string;
  closesAt: string | null;
  /** When the doctor first admitted the patient: the call began. */
  startedAt: string | null;
  /** When the doctor ended the visit. */
  endedAt: string | null;
}

type VisitRow = {
  id: number;
  appointment_id: number | null;
  doctor_id: number;
  patient_id: number;
  opens_at: string;
  closes_at: string | null;
  started_at: string | null;
  ended_at: string | null;
};

function toVisit(row: VisitRow): Visit {
  return {
    id: row.id,
    appointmentId: row.appointment_id,
    doctorId: row.doctor_id,
    patientId: row.patient_id,
    opensAt: row.opens_at,
    closesAt: row.closes_at,
    startedAt: row.started_at,
    endedAt: row.ended_at,
  };
}

const VISIT_COLUMNS = ["id", "appointment_id", "doctor_id", "patient_id", "opens_at", "closes_at", "started_at", "ended_at"] as const;

export async function findVisit(db: Db, id: number): Promise<Visit | undefined> {
  const row = await db.selectFrom("visits").select(VISIT_COLUMNS).where("id", "=", id).executeTakeFirst();
  return row && toVisit(row);
}

/**
 * The appointment's visit, made the first time it is asked for: of two parties asking at once,
 * both get the one row (the unique appointment_id decides).
 */
export async function visitOfAppointment(
  db: Db,
  visit: Omit<Visit, "id" | "startedAt" | "endedAt"> & { appointmentId: number; createdAt: string },
): Promise<Visit> {
  const made = await db.selectFrom("visits").select(VISIT_COLUMNS).where("appointment_id", "=", visit.appointmentId).executeTakeFirst();
  if (made) return toVisit(made);
  await db
    .insertInto("visits")
    .values({
      appointment_id: visit.appointmentId,
      doctor_id: visit.doctorId,
      patient_id: visit.patientId,
      opens_at: visit.opensAt,
      closes_at: visit.closesAt,
      created_at: visit.createdAt,
    })
    .onConflict((oc) => oc.column("appointment_id").doNothing())
    .execute();
  const row = await db.selectFrom("visits").select(VISIT_COLUMNS).where("appointment_id", "=", visit.appointmentId).executeTakeFirstOrThrow();
  return toVisit(row);
}

/** An instant visit: open from `opensAt` until the doctor ends it. */
export async function insertInstantVisit(db: Db, visit: { doctorId: number; patientId: number; opensAt: string }): Promise<Visit> {
  const row = await db
    .insertInto("visits")
    .values({
      appointment_id: null,
      doctor_id: visit.doctorId,
      patient_id: visit.patientId,
      opens_at: visit.opensAt,
      closes_at: null,
      created_at: visit.opensAt,
    })
    .returning(VISIT_COLUMNS)
    .executeTakeFirstOrThrow();
  return toVisit(row);
}

/** The call began: the doctor admitted the patient for the first time. */
export async function markVisitStarted(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable("visits").set({ started_at: at }).where("id", "=", id).where("started_at", "is", null).execute();
}

/** The doctor ended the visit: its room closes now. False when it had already ended. */
export async function markVisitEnded(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db.updateTable("visits").set({ ended_at: at, closes_at: at }).where("id", "=", id).where("ended_at", "is", null).executeTakeFirst();
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

export interface WaitingPatient {
  visitId: number;
  appointmentId: number | null;
  patientId: number;
  patientName: string;
  since: string;
}

/** Patients waiting in a doctor's open rooms to be admitted, longest waiting first. */
export async function patientsWaitingFor(db: Db, doctorId: number, now: string): Promise<WaitingPatient[]> {
  const rows = await db
    .selectFrom("visits")
    .innerJoin("visit_presence", (join) => join.onRef("visit_presence.visit_id", "=", "visits.id").onRef("visit_presence.user_id", "=", "visits.patient_id"))
    .innerJoin("users", "users.id", "visits.patient_id")
    .select(["visits.id", "visits.appointment_id", "visits.patient_id", "visit_presence.joined_at", "users.first_name", "users.last_name"])
    .where("visits.doctor_id", "=", doctorId)
    .where("visits.started_at", "is", null)
    .where("visits.opens_at", "<=", now)
    .where((eb) => eb.or([eb("visits.closes_at", "is", null), eb("visits.closes_at", ">", now)]))
    .orderBy("visit_presence.joined_at")
    .execute();
  return rows.map((row) => ({
    visitId: row.id,
    appointmentId: row.appointment_id,
    patientId: row.patient_id,
    patientName: `${row.first_name} ${row.last_name}`,
    since: row.joined_at,
  }));
}

/** The pair's instant visit still open (started, not ended), the latest first. */
export async function openInstantVisitOf(db: Db, pair: { doctorId: number; patientId: number }, now: string): Promise<Visit | undefined> {
  const row = await db
    .selectFrom("visits")
    .select(VISIT_COLUMNS)
    .where("doctor_id", "=", pair.doctorId)
    .where("patient_id", "=", pair.patientId)
    .where("appointment_id", "is", null)
    .where("closes_at", "is", null)
    .where("opens_at", "<=", now)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row && toVisit(row);
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
