// Doctors' working hours and who is whose patient.
import type { Db } from "./users.repository";

export interface WorkingPeriodRow {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

export async function getWorkingHours(db: Db, doctorId: number): Promise<WorkingPeriodRow[]> {
  const rows = await db
    .selectFrom("working_hours")
    .select(["weekday", "start_minute", "end_minute"])
    .where("doctor_id", "=", doctorId)
    .orderBy("weekday")
    .orderBy("start_minute")
    .execute();
  return rows.map((row) => ({ weekday: row.weekday, startMinute: row.start_minute, endMinute: row.end_minute }));
}

export async function replaceWorkingHours(db: Db, doctorId: number, periods: WorkingPeriodRow[]): Promise<void> {
  await db.deleteFrom("working_hours").where("doctor_id", "=", doctorId).execute();
  if (periods.length === 0) return;
  await db
    .insertInto("working_hours")
    .values(periods.map((p) => ({ doctor_id: doctorId, weekday: p.weekday, start_minute: p.startMinute, end_minute: p.endMinute })))
    .execute();
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
  const row = await db.selectFrom("care_relationships").select("patient_id").where("doctor_id", "=", doctorId).where("patient_id", "=", patientId).executeTakeFirst();
  return row !== undefined;
}
