// The doctor's day, worked out from one read of their appointments around today.
import type { ActivityEvent, Appointment } from "@halcyon/domain/schemas";
import { calendarDateIn } from "@halcyon/domain/rules";

import { canWriteNotes } from "../../lib/appointment-rules";
import { addDays, startOfDay } from "../../lib/calendar-dates";

/** The dashboard reads the doctor's appointments from this many days back, for sessions still waiting for notes. */
export const NOTES_LOOKBACK_DAYS = 14;

/** The range the doctor dashboard reads: two weeks back (notes still to write) to the day after tomorrow. */
export function doctorDashboardRange(now: Date): { from: string; to: string } {
  return {
    from: startOfDay(addDays(now, -NOTES_LOOKBACK_DAYS)).toISOString(),
    to: startOfDay(addDays(now, 3)).toISOString(),
  };
}

/** Today's sessions, "today" being the clinic's calendar day, in start order; cancelled ones are left out. */
export function todaysSchedule(appointments: readonly Appointment[], now: Date, clinicTimeZone: string): Appointment[] {
  const today = calendarDateIn(now, clinicTimeZone);
  return appointments
    .filter((appointment) => appointment.status !== "cancelled" && calendarDateIn(new Date(appointment.startTime), clinicTimeZone) === today)
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
}

/** Sessions whose notes can be written now and are not yet: the most recent first. */
export function sessionsAwaitingNotes(appointments: readonly Appointment[], now: Date): Appointment[] {
  return appointments.filter((appointment) => canWriteNotes(appointment, now)).sort((a, b) => Date.parse(b.startTime) - Date.parse(a.startTime));
}

/** The next session of the day that has not started yet, if any. */
export function nextSession(schedule: readonly Appointment[], now: Date): Appointment | undefined {
  return schedule.find((appointment) => appointment.status === "scheduled" && Date.parse(appointment.startTime) > now.getTime());
}

/** One line of Recent Patient Activity, in words. */
export function describeActivity(event: ActivityEvent): { headline: string; detail?: string } {
  switch (event.kind) {
    case "notes_written":
      return {
        headline: `Session notes written for ${event.patientName}`,
        ...(event.progressRating ? { detail: `Progress rating ${event.progressRating}/10` } : {}),
      };
    case "session_booked":
      return { headline: `Session booked with ${event.patientName}` };
    case "session_cancelled":
      return {
        headline: `${event.patientName}'s session was cancelled`,
        ...(event.lateCancellation ? { detail: "Late cancellation, inside the cancellation window" } : {}),
      };
  }
}
