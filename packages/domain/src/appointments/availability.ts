// A doctor's free session times on a day: their hours (or the clinic's) minus the past and
// minus sessions already scheduled for the doctor, and for the patient when one is named.
import { findUserById, getWorkingHours, scheduledStartsBetween, type Db, type User } from "@halcyon/db";
import { careAccessTo } from "../care/record-access";
import type { ClinicServices, RequestContext } from "../context";
import { AppError } from "../errors";
import { SESSION_LENGTH_MS, sessionStartsOn, isBookableStart, calendarDateIn, type WorkingPeriod, parseCalendarDate } from "./slots";

export const DOCTOR_NOT_FOUND = "No such doctor.";

export async function findActiveDoctor(db: Db, doctorId: number): Promise<User> {
  const doctor = await findUserById(db, doctorId);
  if (!doctor || doctor.role !== "doctor" || doctor.deactivatedAt) throw new AppError("NOT_FOUND", DOCTOR_NOT_FOUND);
  return doctor;
}

export async function workingHoursOf(services: Pick<ClinicServices, "config">, db: Db, doctorId: number): Promise<WorkingPeriod[]> {
  const own = await getWorkingHours(db, doctorId);
  return own.length > 0 ? own : services.config.defaultWorkingHours;
}

/**
 * Whose sessions a slot lookup also leaves out, since the free times show when that patient is
 * busy: a patient's own; a named patient's only for their doctors and admins (404 for anyone
 * else, as for their record).
 */
export async function scheduleOwnerOf(ctx: RequestContext & { user: User }, patientId: number | undefined): Promise<number | undefined> {
  if (ctx.user.role === "patient") return ctx.user.id;
  if (patientId === undefined) return undefined;
  if (!(await careAccessTo(ctx, patientId))) throw new AppError("NOT_FOUND", "No such patient.");
  return patientId;
}

export async function freeSlots(
  services: Pick<ClinicServices, "config" | "now">,
  db: Db,
  { doctorId, date, patientId }: { doctorId: number; date: string; patientId?: number },
): Promise<{ startTime: string; endTime: string }[]> {
  if (!parseCalendarDate(date)) throw new AppError("INVALID_INPUT", "Give a real date as YYYY-MM-DD");
  await findActiveDoctor(db, doctorId);
  const zone = services.config.clinicTimeZone;
  const starts = sessionStartsOn(date, await workingHoursOf(services, db, doctorId), zone);
  const first = starts[0];
  const last = starts.at(-1);
  if (!first || !last) return [];
  const from = first.toISOString();
  const to = new Date(last.getTime() + 1).toISOString();
  const taken = new Set(await scheduledStartsBetween(db, { doctorId, ...(patientId !== undefined ? { patientId } : {}) }, from, to));
  const now = services.now().getTime();
  return starts
    .filter((start) => start.getTime() > now && !taken.has(start.toISOString()))
    .map((start) => ({ startTime: start.toISOString(), endTime: new Date(start.getTime() + SESSION_LENGTH_MS).toISOString() }));
}

/**
 * Refuses a start time in the past or outside the doctor's hours (`hours`, as workingHoursOf
 * gives them), with a reason a person can act on.
 */
export function assertBookableStart(services: Pick<ClinicServices, "config" | "now">, doctor: User, hours: WorkingPeriod[], start: Date): void {
  if (start.getTime() <= services.now().getTime()) {
    throw new AppError("INVALID_INPUT", "That time has already passed. Please choose a time in the future.");
  }
  const zone = services.config.clinicTimeZone;
  if (!isBookableStart(start, hours, zone)) {
    throw new AppError(
      "INVALID_INPUT",
      `Dr. ${doctor.lastName} does not hold sessions then. Sessions start on the hour within working hours; please pick one of the free times offered for ${calendarDateIn(start, zone)}.`,
    );
  }
}
