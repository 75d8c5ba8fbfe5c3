// The administrator's queries: clinic-wide figures, the user directory, and settings.
import { sql } from "kysely";
import type { UserRole } from "../schema";
import type { Db } from "./db";
import { toUser, type User } from "./users.repository";

export interface ClinicFigures {
  usersByRole: Record<UserRole, number>;
  deactivatedUsers: number;
  activeSessions: number;
  appointmentsToday: number;
  messagesToday: number;
  messagesTotal: number;
}

export async function clinicFigures(
  db: Db,
  { now, idleSince, dayStart, dayEnd }: { now: string; idleSince: string; dayStart: string; dayEnd: string },
): Promise<ClinicFigures> {
  const [roles, sessions, appointments, messagesToday, messagesTotal] = await Promise.all([
    // Maintained by triggers on users (migration 2026-11-23T0000): three rows, not a count.
    db.selectFrom("user_counts").select(["role", "active", "deactivated"]).execute(),
    db
      .selectFrom("login_sessions")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("last_seen_at", ">=", idleSince)
      .where("expires_at", ">", now)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("appointments")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("start_time", ">=", dayStart)
      .where("start_time", "<", dayEnd)
      .where("status", "!=", "cancelled")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("messages")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("created_at", ">=", dayStart)
      .where("created_at", "<", dayEnd)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("messages")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  const usersByRole: Record<UserRole, number> = { patient: 0, doctor: 0, admin: 0 };
  let deactivatedUsers = 0;
  for (const row of roles) {
    usersByRole[row.role] = Number(row.active);
    deactivatedUsers += Number(row.deactivated);
  }
  return {
    usersByRole,
    deactivatedUsers,
    activeSessions: Number(sessions.count),
    appointmentsToday: Number(appointments.count),
    messagesToday: Number(messagesToday.count),
    messagesTotal: Number(messagesTotal.count),
  };
}

export interface UserDirectoryFilter {
  search?: string;
  role?: UserRole;
  status?: "active" | "deactivated";
  limit: number;
  offset: number;
}

export interface DirectoryEntry extends User {
  specialization: string | null;
}

export async function listUserDirectory(db: Db, filter: UserDirectoryFilter): Promise<{ users: DirectoryEntry[]; total: number }> {
  let query = db.selectFrom("users as u").leftJoin("doctor_profiles as d", "d.user_id", "u.id");
  if (filter.role) query = query.where("u.role", "=", filter.role);
  if (filter.status === "active") query = query.where("u.deactivated_at", "is", null);
  if (filter.status === "deactivated") query = query.where("u.deactivated_at", "is not", null);
  if (filter.search) {
    const pattern = `%${filter.search.toLowerCase().replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    query = query.where(
      sql<boolean>`(lower(u.first_name || ' ' || u.last_name) like ${pattern} escape '\\' or u.username_key like ${pattern} escape '\\' or lower(coalesce(u.email, '')) like ${pattern} escape '\\')`,
    );
  }
  const [rows, total] = await Promise.all([
    query
      .selectAll("u")
      .select("d.specialization")
      .orderBy("u.last_name")
      .orderBy("u.first_name")
      .orderBy("u.id")
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { users: rows.map((row) => ({ ...toUser(row), specialization: row.specialization })), total: Number(total.count) };
}

export async function setUserRole(db: Db, userId: number, role: UserRole): Promise<void> {
  await db.updateTable("users").set({ role }).where("id", "=", userId).execute();
}

export async function setUserDeactivated(db: Db, userId: number, deactivatedAt: string | null): Promise<void> {
  await db.updateTable("users").set({ deactivated_at: deactivatedAt }).where("id", "=", userId).execute();
}

export async function countActiveAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("role", "=", "admin")
    .where("deactivated_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function readSettings(db: Db): Promise<Record<string, unknown>> {
  const rows = await db.selectFrom("clinic_settings").select(["key", "value"]).execute();
  return Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
}

export async function writeSettings(db: Db, values: Record<string, unknown>, updatedAt: string, updatedBy: number | null): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    const json = JSON.stringify(value);
    await db
      .insertInto("clinic_settings")
      .values({ key, value: json, updated_at: updatedAt, updated_by: updatedBy })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: updatedAt, updated_by: updatedBy }))
      .execute();
  }
}
