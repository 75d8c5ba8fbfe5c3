import type { Appointment } from "@halcyon/domain/schemas";
import { VISIT_CLOSES_AFTER_MS, VISIT_OPENS_BEFORE_MS } from "@halcyon/domain/rules";

type Window = Pick<Appointment, "status" | "startTime" | "endTime">;

/** When the session's video room opens: a quarter of an hour before it starts. */
export function visitOpensAt(appointment: Pick<Appointment, "startTime">): Date {
  return new Date(Date.parse(appointment.startTime) - VISIT_OPENS_BEFORE_MS);
}

/** The session's video room is open now (the server decides; this only shows the way in). */
export function isVisitOpen(appointment: Window, now: Date): boolean {
  if (appointment.status !== "scheduled") return false;
  const time = now.getTime();
  return visitOpensAt(appointment).getTime() <= time && time < Date.parse(appointment.endTime) + VISIT_CLOSES_AFTER_MS;
}
