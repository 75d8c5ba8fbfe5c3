import type { Db } from "./users.repository";

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
