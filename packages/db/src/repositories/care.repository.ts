// Who is whose patient: beginning and ending care relationships, and a patient's care team.
// (Whether one pair is in care is asked by isInCareOf in scheduling.repository, on every read of
// a record; a booking writes its own relationship in its transaction, see book-appointment.ts.)
import type { CareOrigin } from "../schema";
import type { Db } from "./users.repository";

/**
 * Puts a patient in a doctor's care, as of `since`. A pair in care already keeps its `since` and
 * takes the new origin: an admin's assignment outlasts the bookings it began with.
 */
export async function beginCare(db: Db, care: { doctorId: number; patientId: number; since: string; origin: CareOrigin }): Promise<void> {
  await db
    .insertInto("care_relationships")
    .values({ doctor_id: care.doctorId, patient_id: care.patientId, since: care.since, origin: care.origin })
    .onConflict((oc) => oc.columns(["doctor_id", "patient_id"]).doUpdateSet({ origin: care.origin }))
    .execute();
}

/** Ends a pair's care relationship; false when there was none. */
export async function endCare(db: Db, doctorId: number, patientId: number): Promise<boolean> {
  const result = await db.deleteFrom("care_relationships").where("doctor_id", "=", doctorId).where("patient_id", "=", patientId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Ends a relationship that rests on bookings alone once none of them stands: every appointment of
 * the pair is cancelled and the doctor wrote no session notes for the patient. One statement, so
 * it decides on what the caller's transaction sees. True when it ended one.
 */
export async function endCareLeftByCancelledBookings(db: Db, doctorId: number, patientId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("care_relationships")
    .where("doctor_id", "=", doctorId)
    .where("patient_id", "=", patientId)
    .where("origin", "=", "booking")
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom("appointments as a").select("a.id").where("a.doctor_id", "=", doctorId).where("a.patient_id", "=", patientId).where("a.status", "<>", "cancelled"),
        ),
      ),
    )
    .where(({ exists, not, selectFrom }) =>
      not(exists(selectFrom("treatment_sessions as t").select("t.id").where("t.doctor_id", "=", doctorId).where("t.patient_id", "=", patientId))),
    )
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export interface CareTeamMember {
  doctorId: number;
  firstName: string;
  lastName: string;
  specialization: string | null;
  since: string;
  origin: CareOrigin;
}

/** The doctors a patient is in the care of, by name. */
export async function listCareTeam(db: Db, patientId: number): Promise<CareTeamMember[]> {
  const rows = await db
    .selectFrom("care_relationships as c")
    .innerJoin("users as d", "d.id", "c.doctor_id")
    .leftJoin("doctor_profiles as p", "p.user_id", "c.doctor_id")
    .select(["c.doctor_id", "d.first_name", "d.last_name", "p.specialization", "c.since", "c.origin"])
    .where("c.patient_id", "=", patientId)
    .orderBy("d.last_name")
    .orderBy("d.first_name")
    .execute();
  return rows.map((row) => ({
    doctorId: row.doctor_id,
    firstName: row.first_name,
    lastName: row.last_name,
    specialization: row.specialization,
    since: row.since,
    origin: row.origin,
  }));
}

/**
 * Cancels the pair's sessions still to come (a doctor whose care ended does not hold them), as
 * cancelled by `by` at `now`. Answers the ids it cancelled.
 */
export async function cancelUpcomingSessionsOfPair(db: Db, pair: { doctorId: number; patientId: number }, by: number, now: string): Promise<number[]> {
  const rows = await db
    .updateTable("appointments")
    .set({ status: "cancelled", cancelled_at: now, cancelled_by: by, updated_at: now })
    .where("doctor_id", "=", pair.doctorId)
    .where("patient_id", "=", pair.patientId)
    .where("status", "=", "scheduled")
    .where("start_time", ">", now)
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}
