import { countAppointments, listAppointments as readAppointments, type User } from "@halcyon/db";
import { TZDate } from "@date-fns/tz";
import { endOfWeek, startOfDay, addDays } from "date-fns";
import type { RequestContext } from "../context";
import { presentAppointments } from "./presented";
import { APPOINTMENT_LIST_DEFAULT, type AppointmentSummary, type ListAppointmentsInput } from "./appointment.schema";

/**
 * The caller's appointments: a patient's own, a doctor's own, any for an admin. Without a range
 * the list starts 30 days back, so a plain GET /api/appointments shows what is current; a later
 * page starts where the last one ended (`from`).
 */
export async function listAppointments(ctx: RequestContext & { user: User }, input: ListAppointmentsInput): ReturnType<typeof presentAppointments> {
  const { user } = ctx;
  const scope =
    user.role === "patient"
      ? { patientId: user.id, ...(input?.doctorId ? { doctorId: input.doctorId } : {}) }
      : user.role === "doctor"
        ? { doctorId: user.id, ...(input?.patientId ? { patientId: input.patientId } : {}) }
        : { ...(input?.patientId ? { patientId: input.patientId } : {}), ...(input?.doctorId ? { doctorId: input.doctorId } : {}) };
  const defaultFrom = input?.from === undefined && input?.to === undefined ? new Date(ctx.now().getTime() - 30 * 86_400_000).toISOString() : undefined;
  const from = input?.from ?? defaultFrom;
  const statuses = input?.status === undefined ? undefined : Array.isArray(input.status) ? input.status : [input.status];
  const appointments = await readAppointments(ctx.db, {
    ...scope,
    ...(from ? { from: new Date(from).toISOString() } : {}),
    ...(input?.to ? { to: new Date(input.to).toISOString() } : {}),
    ...(statuses ? { statuses } : {}),
    order: input?.order ?? "asc",
    limit: input?.limit ?? APPOINTMENT_LIST_DEFAULT,
  });
  return presentAppointments(ctx, appointments);
}

/** The dashboard's figures, with "today" and "this week" in the clinic's time zone. */
export async function appointmentSummary(ctx: RequestContext & { user: User }): Promise<AppointmentSummary> {
  const zone = ctx.config.clinicTimeZone;
  const now = ctx.now();
  const local = new TZDate(now.getTime(), zone);
  const todayStart = startOfDay(local);
  const tomorrow = addDays(todayStart, 1);
  const weekEnd = addDays(startOfDay(endOfWeek(local, { weekStartsOn: 1 })), 1);
  const who = ctx.user.role === "doctor" ? { doctorId: ctx.user.id } : { patientId: ctx.user.id };
  const [week, today] = await Promise.all([
    countAppointments(ctx.db, who, now.toISOString(), now.toISOString(), new Date(weekEnd.getTime()).toISOString()),
    countAppointments(ctx.db, who, now.toISOString(), new Date(todayStart.getTime()).toISOString(), new Date(tomorrow.getTime()).toISOString()),
  ]);
  return {
    upcoming: week.scheduledUpcoming,
    completed: week.completed,
    today: today.scheduledInRange,
    thisWeek: week.scheduledInRange,
    activePatients: week.patients,
    timeZone: zone,
  };
}
