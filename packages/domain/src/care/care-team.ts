// An admin's hand in who is whose patient: seeing a patient's care team, assigning a doctor, and
// ending a relationship. Ending it ends the doctor's access to the record at once (care is read
// at every request) and cancels the pair's sessions still to come, which the doctor no longer
// holds, and ends any call of theirs in progress. Every change is audited.
import {
  beginCare,
  endCare,
  findAppointments,
  findUserById,
  isInCareOf,
  listCareTeam,
  recordCareEnding,
  upcomingSessionIdsOfPair,
  type CareTeamMember,
  type User,
} from "@halcyon/db";
import { findActiveDoctor } from "../appointments/availability";
import { afterCancelling, cancelSessionsIn } from "../appointments/cancel-sessions";
import { scheduledPlacesOf } from "../parties/places";
import { holdForSessionChange } from "../appointments/session-locks";
import { auditCareEnded } from "./care-ended";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { endCallsOfPair } from "../visits/room-closing";

type Admin = RequestContext & { user: User };

export const PATIENT_NOT_FOUND = "No such patient.";
const CARE_CHANGED = "A session of this care changed a moment ago. Please try again.";

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

/**
 * Ends a doctor's care of a patient, and cancels the sessions between them still to come as any
 * cancellation does (a couple's session with both places; a group goes on without the patient).
 */
export async function endDoctorCare(ctx: Admin, { patientId, doctorId }: { patientId: number; doctorId: number }): Promise<{ cancelledSessions: number }> {
  await findPatient(ctx, patientId);
  const now = ctx.now().toISOString();
  const { sessions, offerChanges } = await ctx.db.transaction().execute(async (trx) => {
    // The sessions between them, and a couple's partner's place with each couple's session.
    const toCancel = async () => {
      const own = await findAppointments(trx, await upcomingSessionIdsOfPair(trx, { doctorId, patientId }, now));
      const couples = [...new Set(own.flatMap((session) => (session.party?.kind === "couple" ? [session.party.id] : [])))];
      const partners = (await Promise.all(couples.map((partyId) => scheduledPlacesOf(trx, partyId)))).flat().filter((place) => place.patientId !== patientId);
      return { couples, sessions: [...own, ...partners] };
    };
    if (!(await isInCareOf(trx, doctorId, patientId))) throw new AppError("NOT_FOUND", "That doctor is not caring for this patient.");
    // The cares of the patient and of their partners held first, in the one order every
    // cancellation takes them (session-locks.ts), then the sessions read again: a doctor's booking
    // for the patient holds the same care, so none slips in unseen.
    const seen = await toCancel();
    await holdForSessionChange(trx, {
      doctorId,
      patientIds: [patientId, ...seen.sessions.map((session) => session.patientId)],
      changedElsewhere: CARE_CHANGED,
      waitlist: false,
    });
    const { couples, sessions } = await toCancel();
    const offerChanges = await cancelSessionsIn(ctx, trx, sessions, {
      changedElsewhere: CARE_CHANGED,
      endsParties: couples,
      auditDetails: { reason: "care_ended" },
      careEndedByCaller: patientId,
    });
    if (!(await endCare(trx, doctorId, patientId))) throw new AppError("NOT_FOUND", "That doctor is not caring for this patient.");
    // Remembered: the doctor's emergency access to this patient now waits for an admin's approval.
    await recordCareEnding(trx, { doctorId, patientId, endedAt: now, endedBy: ctx.user.id });
    await auditCareEnded(ctx, trx, { doctorId, patientId }, { reason: "admin", cancelledAppointmentIds: sessions.map((session) => session.id) });
    return { sessions, offerChanges };
  });
  await afterCancelling(ctx, sessions, offerChanges);
  // A call of theirs in progress (an instant visit, or the session under way) ends with the care.
  await endCallsOfPair(ctx, { doctorId, patientId });
  return { cancelledSessions: sessions.length };
}
