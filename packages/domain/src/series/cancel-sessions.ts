// Cancelling several sessions of a series at once: each exactly as a single cancellation would be
// (its own late flag and late fee by its own start, its notices, its audit row), all in one
// transaction, and the care the bookings began ended once if nothing else holds it.
import { findAppointments, type AppointmentView, type User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { openSessionFee } from "../billing/charges";
import type { RequestContext } from "../context";
import { cancellerOf, enqueueAppointmentNotices } from "../appointments/appointment-notices";
import { endCareIfBookingsAllCancelled } from "../appointments/update-appointment";
import { endCallOfAppointment } from "../visits/room-closing";
import { announceOfferChanges, offerFreedHours, type OfferChange } from "../waitlist/offers";
import type { SeriesScope } from "./series.schema";
import { writeScheduledSession } from "./write-scheduled-session";

export async function cancelSessions(
  ctx: RequestContext & { user: User },
  targets: readonly AppointmentView[],
  scope: SeriesScope,
): Promise<AppointmentView[]> {
  const { user } = ctx;
  const first = targets[0];
  if (!first) return [];
  const now = ctx.now();
  let offerChanges: OfferChange[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    for (const session of targets) {
      // The window is each session's own: cancelling a series late is late only for the sessions inside it.
      const late = user.role === "patient" && Date.parse(session.startTime) - now.getTime() < ctx.config.cancellationWindowMs;
      await writeScheduledSession(trx, session.id, {
        status: "cancelled",
        cancelledAt: now.toISOString(),
        cancelledBy: user.id,
        lateCancellation: late,
        updatedAt: now.toISOString(),
      });
      if (late) await openSessionFee(ctx, trx, session, "late_cancellation", user.id);
      await recordAudit(
        ctx,
        {
          actorId: user.id,
          action: "appointment.update",
          outcome: "success",
          targetType: "appointment",
          targetId: session.id,
          request: ctx.request,
          details: { changes: [late ? "late_cancel" : "cancel"], scope, seriesId: session.seriesId },
        },
        trx,
      );
    }
    await enqueueAppointmentNotices(ctx, trx, [...targets], first.doctorName, { kind: "cancelled", cancelledBy: cancellerOf(user) });
    await endCareIfBookingsAllCancelled(ctx, trx, first);
    // The hours given up go to the waitlist, as a single cancellation's does, in the same transaction.
    offerChanges = await offerFreedHours(
      ctx,
      trx,
      first.doctorId,
      targets.map((session) => new Date(session.startTime)),
      { passOver: first.patientId },
    );
  });

  ctx.events.publish({ type: "appointment_changed", data: { id: first.id }, recipients: [first.patientId, first.doctorId] });
  announceOfferChanges(ctx, offerChanges);
  for (const session of targets) await endCallOfAppointment(ctx, session.id, "appointment_cancelled");
  return sortedByStart(
    await findAppointments(
      ctx.db,
      targets.map((s) => s.id),
    ),
  );
}

export function sortedByStart(appointments: AppointmentView[]): AppointmentView[] {
  return appointments.sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime) || a.id - b.id);
}
