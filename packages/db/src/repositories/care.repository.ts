// Who is whose patient: beginning and ending care relationships, whether one pair is in care (asked
// on every read of a record), and a patient's care team. A booking writes its own relationship in
// its transaction (addCareRelationship, see book-appointment.ts).
import type { Transaction } from "kysely";
import type { CareOrigin, Database } from "../schema";
import type { Db } from "./db";

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

/** Remembers that an admin ended the doctor's care of the patient (the latest time counts). */
export async function recordCareEnding(db: Db, ending: { doctorId: number; patientId: number; endedAt: string; endedBy: number }): Promise<void> {
  await db
    .insertInto("care_endings")
    .values({ doctor_id: ending.doctorId, patient_id: ending.patientId, ended_at: ending.endedAt, ended_by: ending.endedBy })
    .onConflict((oc) => oc.columns(["doctor_id", "patient_id"]).doUpdateSet({ ended_at: ending.endedAt, ended_by: ending.endedBy }))
    .execute();
}

/** Whether an admin has ever ended the doctor's care of the patient. */
export async function careEndedByAdmin(db: Db, doctorId: number, patientId: number): Promise<boolean> {
  const row = await db.selectFrom("care_endings").select("doctor_id").where("doctor_id", "=", doctorId).where("patient_id", "=", patientId).executeTakeFirst();
  return row !== undefined;
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
          selectFrom("appointments as a")
            .select("a.id")
            .where("a.doctor_id", "=", doctorId)
            .where("a.patient_id", "=", patientId)
            .where("a.status", "<>", "cancelled"),
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

/** The active doctors a patient is in the care of: who sees their questionnaires and hears of their safety alerts. */
export async function listActiveCareDoctorIds(db: Db, patientId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("care_relationships as c")
    .innerJoin("users as d", "d.id", "c.doctor_id")
    .select("c.doctor_id")
    .where("c.patient_id", "=", patientId)
    .where("d.role", "=", "doctor")
    .where("d.deactivated_at", "is", null)
    .execute();
  return rows.map((row) => row.doctor_id);
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

/** A booking puts a patient in a doctor's care (since `since`); a pair already in care stays as it was. */
export async function addCareRelationship(db: Db, doctorId: number, patientId: number, since: string): Promise<void> {
  await db
    .insertInto("care_relationships")
    .values({ doctor_id: doctorId, patient_id: patientId, since })
    .onConflict((oc) => oc.columns(["doctor_id", "patient_id"]).doNothing())
    .execute();
}

export async function isInCareOf(db: Db, doctorId: number, patientId: number): Promise<boolean> {
  const row = await db
    .selectFrom("care_relationships")
    .select("patient_id")
    .where("doctor_id", "=", doctorId)
    .where("patient_id", "=", patientId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Inside a write transaction: whether the pair is in care, holding their care row until the
 * commit, so that an admin ending that care at the same moment waits for the write that relies
 * on it, and then sees it (a no-op update: a row lock on PostgreSQL, nothing more on SQLite,
 * whose write transactions never overlap).
 */
export async function holdCare(trx: Transaction<Database>, doctorId: number, patientId: number): Promise<boolean> {
  const held = await trx
    .updateTable("care_relationships")
    .set((eb) => ({ since: eb.ref("since") }))
    .where("doctor_id", "=", doctorId)
    .where("patient_id", "=", patientId)
    .executeTakeFirst();
  return held.numUpdatedRows > 0n;
}
