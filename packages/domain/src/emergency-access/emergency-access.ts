// Emergency access ("break the glass"): a doctor may open the session notes of a patient not in
// their care by writing why. It lasts an hour, is audited when granted and at each read, and waits
// on the admin dashboard until an admin has reviewed it. It gives nothing else: no booking, no
// schedule, no messages. A doctor whose care of that patient an admin ended asks instead: the
// request waits, opening nothing, until an admin approves it (after a recent re-check: it grants
// access), and its hour runs from the approval.
import {
  approveEmergencyAccess as approveWaitingEmergencyAccess,
  careEndedByAdmin,
  findOpenEmergencyAccess,
  findUserById,
  findWaitingEmergencyAccess,
  insertEmergencyAccess,
  listUnreviewedEmergencyAccess,
  markEmergencyAccessReviewed,
  type EmergencyAccessGrant,
  type User,
} from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { careAccessTo } from "../care/record-access";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import type { EmergencyAccess, EmergencyAccessReviewItem } from "./emergency-access.schema";

export const EMERGENCY_ACCESS_MS = 60 * 60_000;
const REVIEW_LIST_LIMIT = 100;

type Caller = RequestContext & { user: User };

async function findPatient(ctx: Caller, patientId: number): Promise<User> {
  const patient = await findUserById(ctx.db, patientId);
  if (!patient || patient.role !== "patient") throw new AppError("NOT_FOUND", "No such patient.");
  return patient;
}

const nameOf = (user: User) => `${user.firstName} ${user.lastName}`;

function viewOf(grant: EmergencyAccessGrant, patient: User): EmergencyAccess {
  const waiting = grant.approvalRequired && grant.approvedAt === null;
  return {
    id: grant.id,
    patientId: grant.patientId,
    patientName: nameOf(patient),
    status: waiting ? "awaiting_approval" : "open",
    grantedAt: grant.grantedAt,
    expiresAt: waiting ? null : grant.expiresAt,
  };
}

/**
 * Opens a patient's record to the calling doctor for an hour, for the reason they give; or, when
 * an admin ended this doctor's care of the patient, records the request as awaiting an admin's
 * approval (it opens nothing yet: its expires_at is its own request time).
 */
export async function requestEmergencyAccess(ctx: Caller, { patientId, reason }: { patientId: number; reason: string }): Promise<EmergencyAccess> {
  const patient = await findPatient(ctx, patientId);
  if (await careAccessTo(ctx, patientId)) throw new AppError("CONFLICT", `${nameOf(patient)} is in your care already: their record is open to you.`);
  const now = ctx.now();
  if (await findOpenEmergencyAccess(ctx.db, ctx.user.id, patientId, now.toISOString())) {
    throw new AppError("CONFLICT", `You already have emergency access to ${nameOf(patient)}'s record for the rest of its hour.`);
  }
  if (await findWaitingEmergencyAccess(ctx.db, ctx.user.id, patientId)) {
    throw new AppError("CONFLICT", `Your request for ${nameOf(patient)}'s record is waiting for an admin's approval already.`);
  }
  const approvalRequired = await careEndedByAdmin(ctx.db, ctx.user.id, patientId);
  const grant = {
    doctorId: ctx.user.id,
    patientId,
    reason,
    grantedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + (approvalRequired ? 0 : EMERGENCY_ACCESS_MS)).toISOString(),
    approvalRequired,
  };
  const id = await ctx.db.transaction().execute(async (trx) => {
    const grantId = await insertEmergencyAccess(trx, grant);
    // The reason stays in its own table for the reviewing admin: the audit row holds facts only.
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: approvalRequired ? "emergency_access.request" : "emergency_access.grant",
        outcome: "success",
        targetType: "patient",
        targetId: patientId,
        request: ctx.request,
        details: approvalRequired ? { emergencyAccessId: grantId, awaitingApproval: true } : { emergencyAccessId: grantId, expiresAt: grant.expiresAt },
      },
      trx,
    );
    return grantId;
  });
  return viewOf({ ...grant, id, reviewedAt: null, reviewedBy: null, approvedAt: null, approvedBy: null }, patient);
}

/** The calling doctor's emergency access to a patient's record: the open one, else one awaiting approval, else null. */
export async function openEmergencyAccess(ctx: Caller, patientId: number): Promise<EmergencyAccess | null> {
  const grant =
    (await findOpenEmergencyAccess(ctx.db, ctx.user.id, patientId, ctx.now().toISOString())) ??
    (await findWaitingEmergencyAccess(ctx.db, ctx.user.id, patientId));
  if (!grant) return null;
  return viewOf(grant, await findPatient(ctx, patientId));
}

/** Every emergency access an admin has yet to review (requests awaiting approval among them), oldest first. */
export async function emergencyAccessToReview(ctx: Caller): Promise<EmergencyAccessReviewItem[]> {
  const grants = await listUnreviewedEmergencyAccess(ctx.db, REVIEW_LIST_LIMIT);
  return grants.map((grant) => {
    const awaitingApproval = grant.approvalRequired && grant.approvedAt === null;
    return {
      id: grant.id,
      doctorId: grant.doctorId,
      doctorName: grant.doctorName,
      patientId: grant.patientId,
      patientName: grant.patientName,
      reason: grant.reason,
      awaitingApproval,
      grantedAt: grant.grantedAt,
      expiresAt: awaitingApproval ? null : grant.expiresAt,
    };
  });
}

/** Marks an emergency access reviewed; a request still awaiting approval is thereby declined, and never opens. */
export async function reviewEmergencyAccess(ctx: Caller, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const grant = await markEmergencyAccessReviewed(trx, id, ctx.user.id, ctx.now().toISOString());
    if (!grant) throw new AppError("NOT_FOUND", "No emergency access with that id is waiting for review.");
    const declined = grant.approvalRequired && grant.approvedAt === null;
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "emergency_access.review",
        outcome: "success",
        targetType: "emergency_access",
        targetId: id,
        request: ctx.request,
        ...(declined ? { details: { declined: true } } : {}),
      },
      trx,
    );
  });
}

/**
 * An admin approves a request that awaits approval: the record opens to its doctor for an hour
 * from now, and the approval is its review. It grants access, so it needs a recent re-check.
 */
export async function approveEmergencyAccess(ctx: Caller, id: number): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const expiresAt = new Date(now.getTime() + EMERGENCY_ACCESS_MS).toISOString();
    const grant = await approveWaitingEmergencyAccess(trx, { id, adminId: ctx.user.id, at: now.toISOString(), expiresAt });
    if (!grant) throw new AppError("NOT_FOUND", "No emergency access with that id is waiting for approval.");
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "emergency_access.approve",
        outcome: "success",
        targetType: "emergency_access",
        targetId: id,
        request: ctx.request,
        details: { doctorId: grant.doctorId, patientId: grant.patientId, expiresAt },
      },
      trx,
    );
  });
}
