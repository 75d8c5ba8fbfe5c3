// An admin's hand in who is whose patient: seeing a patient's care team, assigning a doctor, and
// ending a relationship. Ending it ends the doctor's access to the record at once (care is read
// at every request) and cancels the pair's sessions still to come, which the doctor no longer
// holds, and ends any call of theirs in progress. Every change is audited.
import {
  beginCare,
  cancelUpcomingSessionsOfPair,
  endCare,
  endCouplesOf,
  findUserById,
  listCareTeam,
  recordCareEnding,
  type CareTeamMember,
  type User,
} from "@halcyon/db";
import { clinicianNameOf, enqueueAppointmentNotices } from "../appointments/appointment-notices";
import { findActiveDoctor } from "../appointments/availability";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { endCallsOfPair } from "../visits/room-closing";
import { announceOfferChanges, offerFreedHours, type OfferChange } from "../waitlist/offers";

type Admin = RequestContext & { user: User };

export const PATIENT_NOT_FOUND = "No such patient.";

async function findPatient(ctx: Admin, patientId: number): Promise<User> {
  const patient = await findUserById(ctx.db, patientId);
  if (!patient || patient.role !== "patient") throw new AppError("NOT_FOUND", PATIENT_NOT_FOUND);
  return patient;
}

export async function careTeamOf(ctx: Admin, patientId: number): Promise<CareTeamMember[]> {
  await findPatient(ctx, patientId);
  return listCareTeam(ctx.db, patientId);
}

/** Puts an active patient in an active doctor's care until an admin ends it. */
export async function assignDoctor(ctx: Admin, { patientId, doctorId }: { patientId: number; doctorId: number }): Promise<CareTeamMember[]> {
  const [patient] = await Promise.all([findPatient(ctx, patientId), findActiveDoctor(ctx.db, doctorId)]);
  if (patient.deactivatedAt) throw new AppError("CONFLICT", `${patient.firstName} ${patient.lastName}'s account is deactivated: reactivate it first.`);
  await ctx.db.transaction().execute(async (trx) => {
    await beginCare(trx, { doctorId, patientId, since: ctx.now().toISOString(), origin: "admin" });
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "care.assign",
        outcome: "success",
        targetType: "patient",
        targetId: patientId,
        request: ctx.request,
        details: { doctorId },
      },
      trx,
    );
  });
  return listCareTeam(ctx.db, patientId);
}

/** Ends a doctor's care of a patient, and cancels the sessions between them still to come. */
export async function endDoctorCare(ctx: Admin, { patientId, doctorId }: { patientId: number; doctorId: number }): Promise<{ cancelledSessions: number }> {
  await findPatient(ctx, patientId);
  const now = ctx.now().toISOString();
  let offerChanges: OfferChange[] = [];
  const cancelled = await ctx.db.transaction().execute(async (trx) => {
    if (!(await endCare(trx, doctorId, patientId))) throw new AppError("NOT_FOUND", "That doctor is not caring for this patient.");
    // Remembered: the doctor's emergency access to this patient now waits for an admin's approval.
    await recordCareEnding(trx, { doctorId, patientId, endedAt: now, endedBy: ctx.user.id });
    const own = await cancelUpcomingSessionsOfPair(trx, { doctorId, patientId }, ctx.user.id, now);
    // A couple's session ends with either partner's place: the partner's is cancelled with it.
    const partners = await endCouplesOf(
      trx,
      own.map((session) => session.id),
      ctx.user.id,
      now,
    );
    const sessions = [...own.map((session) => ({ ...session, patientId })), ...partners];
    const ids = sessions.map((session) => session.id);
    const doctor = sessions.length > 0 ? await findUserById(trx, doctorId) : undefined;
    if (doctor) {
      const noticed = sessions.map((session) => ({ ...session, doctorId }));
      await enqueueAppointmentNotices(ctx, trx, noticed, clinicianNameOf(doctor), { kind: "cancelled", cancelledBy: "clinic" });
    }
    // The hours given up go to the doctor's waitlist, as any cancellation's do.
    offerChanges = await offerFreedHours(
      ctx,
      trx,
      doctorId,
      sessions.map((session) => new Date(session.startTime)),
      { passOver: patientId },
    );
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "care.end",
        outcome: "success",
        targetType: "patient",
        targetId: patientId,
        request: ctx.request,
        details: { doctorId, reason: "admin", cancelledAppointmentIds: ids },
      },
      trx,
    );
    return ids;
  });
  for (const id of cancelled) ctx.events.publish({ type: "appointment_changed", data: { id }, recipients: [patientId, doctorId] });
  announceOfferChanges(ctx, offerChanges);
  // A call of theirs in progress (an instant visit, or the session under way) ends with the care.
  await endCallsOfPair(ctx, { doctorId, patientId });
  return { cancelledSessions: cancelled.length };
}
