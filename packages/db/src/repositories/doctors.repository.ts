// A doctor as the clinic knows one beyond their user row: the profile (specialization) and the
// working hours bookings are offered in.
import type { Db } from "./db";

export interface DoctorSummary {
  id: number;
  firstName: string;
  lastName: string;
  specialization: string;
  profileImageUrl: string | null;
}

export async function listActiveDoctors(db: Db): Promise<DoctorSummary[]> {
  const rows = await db
    .selectFrom("users as u")
    .innerJoin("doctor_profiles as d", "d.user_id", "u.id")
    .select(["u.id", "u.first_name", "u.last_name", "u.profile_image_url", "d.specialization"])
    .where("u.role", "=", "doctor")
    .where("u.deactivated_at", "is", null)
    .orderBy("u.last_name")
    .orderBy("u.first_name")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    specialization: row.specialization,
    profileImageUrl: row.profile_image_url,
  }));
}

export async function upsertDoctorProfile(db: Db, userId: number, specialization: string, bio: string | null = null): Promise<void> {
  await db
    .insertInto("doctor_profiles")
    .values({ user_id: userId, specialization, bio })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ specialization, bio }))
    .execute();
}

export async function findDoctorSpecialization(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom("doctor_profiles").select("specialization").where("user_id", "=", userId).executeTakeFirst();
  return row?.specialization;
}

export interface DoctorCredentials {
  doctorId: number;
  name: string;
  licence: string | null;
  npi: string | null;
}

/** Doctors' names, licences and NPIs, for the documents that name them; a doctor without a profile row has neither. */
export async function findDoctorCredentials(db: Db, doctorIds: readonly number[]): Promise<DoctorCredentials[]> {
  if (doctorIds.length === 0) return [];
  const rows = await db
    .selectFrom("users as u")
    .leftJoin("doctor_profiles as d", "d.user_id", "u.id")
    .select(["u.id", "u.first_name", "u.last_name", "d.licence", "d.npi"])
    .where("u.id", "in", doctorIds)
    .where("u.role", "=", "doctor")
    .orderBy("u.last_name")
    .orderBy("u.first_name")
    .execute();
  return rows.map((row) => ({ doctorId: row.id, name: `${row.first_name} ${row.last_name}`, licence: row.licence ?? null, npi: row.npi ?? null }));
}

/** Sets a doctor's licence and NPI; false when they have no profile (not a doctor). */
export async function setDoctorCredentials(db: Db, doctorId: number, credentials: { licence: string | null; npi: string | null }): Promise<boolean> {
  const result = await db.updateTable("doctor_profiles").set(credentials).where("user_id", "=", doctorId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

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
