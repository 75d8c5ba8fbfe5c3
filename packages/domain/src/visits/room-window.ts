// A visit's room is open exactly while what justifies it stands: an appointment's room from 15
// minutes before the session to 30 after its scheduled end, while the session is still scheduled;
// an instant visit's for two hours from its start; either only while the doctor cares for the
// patient and has not ended the visit. Derived at every read from the appointment and the care
// relationship, never copied: a rescheduled session's room moves with it, a cancelled one's shuts.
import type { Visit } from "@halcyon/db";
import type { VisitState } from "./visit.schema";
import { INSTANT_VISIT_MS, VISIT_CLOSES_AFTER_MS, VISIT_OPENS_BEFORE_MS, type RoomClosure } from "./visit-times";

export interface Room {
  state: VisitState;
  opensAt: string;
  /** When it closes, or closed: the end of its window, or the doctor's end if earlier. */
  closesAt: string;
  /** Null until it is closed for good. */
  closedBecause: RoomClosure | null;
}

function windowOf(visit: Visit): { opensAt: number; closesAt: number } {
  if (visit.appointment) {
    return {
      opensAt: Date.parse(visit.appointment.startTime) - VISIT_OPENS_BEFORE_MS,
      closesAt: Date.parse(visit.appointment.endTime) + VISIT_CLOSES_AFTER_MS,
    };
  }
  const opensAt = Date.parse(visit.createdAt);
  return { opensAt, closesAt: opensAt + INSTANT_VISIT_MS };
}

function closureOf(visit: Visit, careStands: boolean, closesAt: number, now: Date): RoomClosure | null {
  if (visit.endedAt !== null) return "ended_by_doctor";
  if (visit.appointment?.status === "cancelled") return "appointment_cancelled";
  if (visit.appointment && visit.appointment.status !== "scheduled") return "appointment_closed";
  if (!careStands) return "care_ended";
  return now.getTime() >= closesAt ? "time_up" : null;
}

/** The room of `visit` at `now`; `careStands`: the visit's doctor still cares for its patient. */
export function roomOf(visit: Visit, careStands: boolean, now: Date): Room {
  const window = windowOf(visit);
  const closesAt = visit.endedAt !== null ? Math.min(window.closesAt, Date.parse(visit.endedAt)) : window.closesAt;
  const closedBecause = closureOf(visit, careStands, closesAt, now);
  const state = closedBecause !== null ? "ended" : now.getTime() < window.opensAt ? "not_open" : "open";
  return { state, opensAt: new Date(window.opensAt).toISOString(), closesAt: new Date(closesAt).toISOString(), closedBecause };
}
