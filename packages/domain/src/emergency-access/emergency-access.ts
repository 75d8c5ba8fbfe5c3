// Emergency access ("break the glass"): a doctor may open the session notes of a patient not in
// their care by writing why. It lasts an hour, is audited when granted and at each read, and waits
// on the admin dashboard until an admin has reviewed it. It gives nothing else: no booking, no
// schedule, no messages.
import {
  findOpenEmergencyAccess,
  findUserById,
  insertEmergencyAccess,
  listUnreviewedEmergencyAccess,
  markEmergencyAccessReviewed,
  type EmergencyAccessView,
  type User,
} from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { careAccessTo } from "../care/record-access";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import type { EmergencyAccess } from "./emergency-access.schema";

export const EMERGENCY_ACCESS_MS = 60 * 60_000;
const REVIEW_LIST_LIMIT = 100;

type Caller = RequestContext & { user: User };

async function findPatient(ctx: Caller, patientId: number): Promise<User> {
  const patient = await findUserById(ctx.db, patientId);
  if (!patient || patient.role !== "patient") throw new AppError("NOT_FOUND", "No such patient.");
  return patient;
}

const nameOf = (user: User) => `${user.firstName} ${user.lastName}`;

/** Opens a patient's record to the calling doctor for an hour, for the reason they give. */
export async function requestEmergencyAccess(ctx: Caller, { patientId, reason }: { patientId: number; reason: string }): Promise<EmergencyAccess> {
  const patient = await findPatient(ctx, patientId);
  if (await careAccessTo(ctx, patientId)) throw new AppError("CONFLICT", `${nameOf(patient)} is in your care already: their record is open to you.`);
  const now = ctx.now();
  if (await findOpenEmergencyAccess(ctx.db, ctx.user.id, patientId, now.toISOString())) {
    throw new AppError("CONFLICT", `You already have emergency access to ${nameOf(patient)}'s record for the rest of its hour.`);
  }
  const grant = {
    doctorId: ctx.user.id,
    patientId,
    reason,
    grantedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + EMERGENCY_ACCESS_MS).toISOString(),
  };
  const id = await ctx.db.transaction().execute(async (trx) => {
    const grantId = await insertEmergencyAccess(trx, grant);
    // The reason stays in its own table for the reviewing admin: the audit row holds facts only.
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "emergency_access.grant",
        outcome: "success",
        targetType: "patient",
        targetId: patientId,
        request: ctx.request,
        details: { emergencyAccessId: grantId, expiresAt: grant.expiresAt },
      },
      trx,
    );
    return grantId;
  });
  return { id, patientId, patientName: nameOf(patient), grantedAt: grant.grantedAt, expiresAt: grant.expiresAt };
}

/** The calling doctor's open emergency access to a patient's record, if any. */
export async function openEmergencyAccess(ctx: Caller, patientId: number): Promise<EmergencyAccess | null> {
  const grant = await findOpenEmergencyAccess(ctx.db, ctx.user.id, patientId, ctx.now().toISOString());
  if (!grant) return null;
  const patient = await findPatient(ctx, patientId);
  return { id: grant.id, patientId, patientName: nameOf(patient), grantedAt: grant.grantedAt, expiresAt: grant.expiresAt };
}

/** Every emergency access an admin has yet to review, oldest first. */
export function emergencyAccessToReview(ctx: Caller): Promise<EmergencyAccessView[]> {
  return listUnreviewedEmergencyAccess(ctx.db, REVIEW_LIST_LIMIT);
}

export async function reviewEmergencyAccess(ctx: Caller, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await markEmergencyAccessReviewed(trx, id, ctx.user.id, ctx.now().toISOString()))) {
      throw new AppError("NOT_FOUND", "No emergency access with that id is waiting for review.");
    }
    await recordAudit(
      ctx,
      { actorId: ctx.user.id, action: "emergency_access.review", outcome: "success", targetType: "emergency_access", targetId: id, request: ctx.request },
      trx,
    );
  });
}
