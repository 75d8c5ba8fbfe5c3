// Doctors' working hours and who is whose patient.
import { preparedQuery } from "../prepared-query";
import type { Db } from "./users.repository";

export interface WorkingPeriodRow {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

const workingHoursOf = preparedQuery((db, params: { doctorId: number }) =>
  db.selectFrom("working_hours").select(["weekday", "start_minute", "end_minute"]).where("doctor_id", "=", params.doctorId).orderBy("weekday").orderBy("start_minute"),
);

export async function getWorkingHours(db: Db, doctorId: number): Promise<WorkingPeriodRow[]> {
  const rows = await workingHoursOf.execute(db, { doctorId });
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
export const careRelationshipInsert = preparedQuery((db, params: { doctorId: number; patientId: number; since: string }) =>
  db
    .insertInto("care_relationships")
    .values({ doctor_id: params.doctorId, patient_id: params.patientId, since: params.since })
    .onConflict((oc) => oc.columns(["doctor_id", "patient_id"]).doNothing()),
);

const careRelationship = preparedQuery((db, params: { doctorId: number; patientId: number }) =>
  db.selectFrom("care_relationships").select("patient_id").where("doctor_id", "=", params.doctorId).where("patient_id", "=", params.patientId),
);

export async function isInCareOf(db: Db, doctorId: number, patientId: number): Promise<boolean> {
  return (await careRelationship.executeTakeFirst(db, { doctorId, patientId })) !== undefined;
}
