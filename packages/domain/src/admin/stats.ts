import { TZDate } from "@date-fns/tz";
import { addDays, startOfDay } from "date-fns";
import { clinicFigures } from "@halcyon/db";
import type { ClinicServices } from "../context";
import type { AdminStats } from "./admin.schema";

/** The admin dashboard's figures; "today" is the clinic's day. */
export async function clinicStats(services: Pick<ClinicServices, "db" | "config" | "now">): Promise<AdminStats> {
  const now = services.now();
  const zone = services.config.clinicTimeZone;
  const dayStart = startOfDay(new TZDate(now.getTime(), zone));
  const figures = await clinicFigures(services.db, {
    now: now.toISOString(),
    idleSince: new Date(now.getTime() - services.config.session.idleTimeoutMs).toISOString(),
    dayStart: new Date(dayStart.getTime()).toISOString(),
    dayEnd: new Date(addDays(dayStart, 1).getTime()).toISOString(),
  });
  const { patient, doctor, admin } = figures.usersByRole;
  return {
    users: { total: patient + doctor + admin, patients: patient, doctors: doctor, admins: admin, deactivated: figures.deactivatedUsers },
    activeSessions: figures.activeSessions,
    idleTimeoutMinutes: services.config.session.idleTimeoutMs / 60_000,
    appointmentsToday: figures.appointmentsToday,
    messages: { today: figures.messagesToday, total: figures.messagesTotal },
    timeZone: zone,
  };
}
