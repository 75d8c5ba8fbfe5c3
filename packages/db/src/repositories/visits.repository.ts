// Video visits: the room of an appointment, or an instant one.
import type { Db } from "./db";

export interface Visit {
  id: number;
  appointmentId: number | null;
  doctorId: number;
  patientId: number;
  opensAt: string;
  closesAt: string | null;
}

type VisitRow = {
  id: number;
  appointment_id: number | null;
  doctor_id: number;
  patient_id: number;
  opens_at: string;
  closes_at: string | null;
};

function toVisit(row: VisitRow): Visit {
  return {
    id: row.id,
    appointmentId: row.appointment_id,
    doctorId: row.doctor_id,
    patientId: row.patient_id,
    opensAt: row.opens_at,
    closesAt: row.closes_at,
  };
}

const VISIT_COLUMNS = ["id", "appointment_id", "doctor_id", "patient_id", "opens_at", "closes_at"] as const;

export async function findVisit(db: Db, id: number): Promise<Visit | undefined> {
  const row = await db.selectFrom("visits").select(VISIT_COLUMNS).where("id", "=", id).executeTakeFirst();
  return row && toVisit(row);
}

/**
 * The appointment's visit, made the first time it is asked for: of two parties asking at once,
 * both get the one row (the unique appointment_id decides).
 */
export async function visitOfAppointment(db: Db, visit: Omit<Visit, "id"> & { appointmentId: number; createdAt: string }): Promise<Visit> {
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
