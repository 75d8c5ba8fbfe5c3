// Cancelling scheduled sessions, one (PATCH /appointments/{id}), several of a series at once, or
// all those of a care an admin ends, each exactly alike: its own late flag and late fee by its own
// start, its notices, its audit row and its hour offered to the waitlist, all in one transaction;
// the care the bookings began ended if nothing else holds it; each session's room shut once the
// cancellation is committed.
import {
  endCareLeftByCancelledBookings,
  unsharePartyNotes,
  updateParty,
  withdrawPartyInvitations,
  type AppointmentView,
  type Database,
  type Transaction,
  type User,
} from "@halcyon/db";
import { openSessionFee } from "../billing/charges";
import type { RequestContext } from "../context";
import { endCallOfAppointment } from "../visits/room-closing";
import { announceOfferChanges, offerFreedHours, type OfferChange } from "../waitlist/offers";
import { cancellerOf, enqueueAppointmentNotices } from "./appointment-notices";
import { auditCareEnded } from "../care/care-ended";
import { editPatch, type SessionEdit } from "./session-edit";
import { holdForSessionChange } from "./session-locks";
import { writeScheduledSession } from "./write-scheduled-session";

/**
 * A care relationship that a booking began ends with that booking's cancellation when nothing
 * else holds it: no other appointment of the pair is scheduled or took place (completed or
 * missed) and the doctor wrote no notes for the patient. Care a doctor began by opening the
 * patient's account, or an admin began by assigning the doctor, stays until an admin ends it.
 * Decided in the cancellation's own transaction, on what it sees, and audited with it.
 */
async function endCareIfBookingsAllCancelled(ctx: RequestContext & { user: User }, trx: Transaction<Database>, appointment: AppointmentView): Promise<void> {
  if (!(await endCareLeftByCancelledBookings(trx, appointment.doctorId, appointment.patientId))) return;
  await auditCareEnded(ctx, trx, appointment, { reason: "bookings_cancelled" });
}

interface Cancellation {
  /** A title or description changed with the cancellation (a single session's PATCH may do both). */
  edit?: SessionEdit;
  /** What each audit row says beyond its changes (a series' scope). */
  auditDetails?: Record<string, unknown>;
  /** The refusal when a session is no longer scheduled by the time it is written. */
  changedElsewhere: string;
  /** The couples' or groups' sessions these places are every place of: each ends with them (its invitation withdrawn). */
  endsParties?: readonly number[];
  /** The patient whose care the caller ends itself once these are cancelled (an admin ending it): not ended here as well. */
  careEndedByCaller?: number;
}

/**
 * Sessions of one doctor, all still scheduled and still to come as read: of one patient (one, or
 * several of a series, or their place in a group), or every place of a couple's or a group's
 * session (`endsParties`). The hours given up are offered to the waitlist once no session holds them.
 */
export async function cancelSessions(ctx: RequestContext & { user: User }, sessions: readonly AppointmentView[], cancellation: Cancellation): Promise<void> {
  const offerChanges = await ctx.db.transaction().execute((trx) => cancelSessionsIn(ctx, trx, sessions, cancellation));
  await afterCancelling(ctx, sessions, offerChanges);
}

/** `cancelSessions` inside a change of its own (an admin ending a doctor's care): everything but what follows the commit. */
export async function cancelSessionsIn(
  ctx: RequestContext & { user: User },
  trx: Transaction<Database>,
  sessions: readonly AppointmentView[],
  { edit = {}, auditDetails = {}, changedElsewhere, endsParties = [], careEndedByCaller }: Cancellation,
): Promise<OfferChange[]> {
  const { user } = ctx;
  const first = sessions[0];
  if (!first) return [];
  const now = ctx.now();
  const edited = editPatch(edit);
  await holdForSessionChange(trx, {
    doctorId: first.doctorId,
    patientIds: sessions.map((session) => session.patientId),
    parties: endsParties.map((partyId) => ({
      id: partyId,
      placeIds: sessions.filter((session) => session.party?.id === partyId).map((session) => session.id),
    })),
    changedElsewhere,
    waitlist: true,
  });
  for (const session of sessions) {
    // A patient may cancel at any time; inside the window the doctor sees it was late.
    const late = user.role === "patient" && Date.parse(session.startTime) - now.getTime() < ctx.config.cancellationWindowMs;
    const changes = [late ? "late_cancel" : "cancel", ...(Object.keys(edited).length > 0 ? ["edit"] : [])];
    await writeScheduledSession(
      ctx,
      trx,
      session.id,
      { ...edited, status: "cancelled", cancelledAt: now.toISOString(), cancelledBy: user.id, lateCancellation: late, updatedAt: now.toISOString() },
      { changedElsewhere, audit: { changes, ...auditDetails } },
    );
    if (late) await openSessionFee(ctx, trx, session, "late_cancellation", user.id);
  }
  // A place given up gives up the session's note shared with it: taken again, it is not shared again unasked.
  await unsharePartyNotes(
    trx,
    sessions.flatMap((session) => (session.party ? [{ partyId: session.party.id, patientId: session.patientId }] : [])),
  );
  for (const partyId of endsParties) {
    await updateParty(trx, partyId, { status: "cancelled", updatedAt: now.toISOString() });
    await withdrawPartyInvitations(trx, partyId, now.toISOString());
  }
  await enqueueAppointmentNotices(ctx, trx, [...sessions], first.doctorName, { kind: "cancelled", cancelledBy: cancellerOf(user), cancellerId: user.id });
  for (const session of uniqueBy(sessions, (s) => s.patientId)) {
    if (session.patientId !== careEndedByCaller) await endCareIfBookingsAllCancelled(ctx, trx, session);
  }
  return offerFreedHours(
    ctx,
    trx,
    first.doctorId,
    uniqueBy(sessions, (s) => s.startTime).map((session) => new Date(session.startTime)),
    { passOver: first.patientId },
  );
}

/** Once the cancellation is committed: the screens told, the offers it made announced, each session's room shut. */
export async function afterCancelling(ctx: RequestContext & { user: User }, sessions: readonly AppointmentView[], offerChanges: OfferChange[]): Promise<void> {
  const first = sessions[0];
  if (!first) return;
  const patients = uniqueBy(sessions, (s) => s.patientId).map((s) => s.patientId);
  ctx.events.publish({ type: "appointment_changed", data: { id: first.id }, recipients: [...patients, first.doctorId] });
  announceOfferChanges(ctx, offerChanges);
  for (const session of sessions) await endCallOfAppointment(ctx, session.id, "appointment_cancelled");
}

function uniqueBy<T>(items: readonly T[], key: (item: T) => unknown): T[] {
  const seen = new Set<unknown>();
  return items.filter((item) => !seen.has(key(item)) && seen.add(key(item)));
}
