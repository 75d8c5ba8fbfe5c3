// A call in progress ends when what justifies its room goes: its session is cancelled, completed
// or marked a no-show, or moves (the room moves with it), or the doctor's care of the patient
// ends. Both parties hear `visit_end` with the reason; the transport drops their sockets' seats in
// the room, so signals stop being relayed at once, and a page says calmly why. Called once the
// change has committed; the room's state itself is derived (room-window.ts), so a party who
// misses the frame is still refused on their next join or signal past the window.
import { findVisitOfAppointment, unendedVisitsOfPair, type User, type Visit } from "@halcyon/db";
import type { RequestContext } from "../context";
import { roomOf } from "./room-window";
import { INSTANT_VISIT_MS, type CallEndReason } from "./visit-times";

type Member = RequestContext & { user: User };

function endCalls(ctx: Member, visits: Visit[], reason: CallEndReason): void {
  for (const visit of visits) {
    ctx.events.publish({ type: "visit_end", data: { visitId: visit.id, fromUserId: ctx.user.id, reason }, recipients: [visit.patientId, visit.doctorId] });
  }
}

/** Appointment `appointmentId` was cancelled, closed or moved: a call in its room ends. */
export async function endCallOfAppointment(ctx: Member, appointmentId: number, reason: CallEndReason): Promise<void> {
  const visit = await findVisitOfAppointment(ctx.db, appointmentId);
  if (visit && visit.endedAt === null) endCalls(ctx, [visit], reason);
}

/** The doctor's care of the patient ended: every room of theirs that was open closes. */
export async function endCallsOfPair(ctx: Member, pair: { doctorId: number; patientId: number }): Promise<void> {
  const now = ctx.now();
  const visits = await unendedVisitsOfPair(ctx.db, pair, new Date(now.getTime() - INSTANT_VISIT_MS).toISOString());
  // Which were open while the care stood: the sessions still to come were cancelled with it.
  endCalls(
    ctx,
    visits.filter((visit) => roomOf(visit, true, now).state === "open"),
    "care_ended",
  );
}
