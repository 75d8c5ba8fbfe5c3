// Who may read a patient's record: the patient, admins, and the doctors the patient is in the
// care of; and, for the record's session notes only, a doctor with open emergency access. Care
// is read at every request, so an ended relationship ends its doctor's access at once.
import { findOpenEmergencyAccess, isInCareOf, type EmergencyAccessGrant, type User } from "@halcyon/db";
import type { RequestContext } from "../context";
import { AppError } from "../errors";

export type CareAccess = "self" | "admin" | "care";

/** Why the caller may see what is private to patient `patientId` (their schedule), or null. */
export async function careAccessTo(ctx: RequestContext & { user: User }, patientId: number): Promise<CareAccess | null> {
  const { user } = ctx;
  if (user.role === "admin") return "admin";
  if (user.role === "patient") return user.id === patientId ? "self" : null;
  return (await isInCareOf(ctx.db, user.id, patientId)) ? "care" : null;
}

export type RecordAccess = { kind: CareAccess } | { kind: "emergency"; grant: EmergencyAccessGrant };

/** Why the caller may read the session notes of patient `patientId`, or null. */
export async function recordAccessTo(ctx: RequestContext & { user: User }, patientId: number): Promise<RecordAccess | null> {
  const kind = await careAccessTo(ctx, patientId);
  if (kind) return { kind };
  if (ctx.user.role !== "doctor") return null;
  const grant = await findOpenEmergencyAccess(ctx.db, ctx.user.id, patientId, ctx.now().toISOString());
  return grant ? { kind: "emergency", grant } : null;
}

export const CARE_ENDED = "Your care of this patient has ended, so their record is closed to you. You may still sign your own drafts.";

/**
 * A doctor writes to a patient's record, or reads their own private note of it, only while the
 * patient is in their care. Once an admin ends the care (or the bookings that began it are all
 * cancelled) the doctor may still sign their own draft of a session they held, as it stands, and
 * nothing else (docs/product.md, the roles table): the law wants each note authenticated by the
 * clinician who wrote it, and nobody else can; everything else waits on a new relationship.
 */
export async function assertStillCaring(ctx: RequestContext & { user: User }, patientId: number): Promise<void> {
  if (!(await isInCareOf(ctx.db, ctx.user.id, patientId))) throw new AppError("FORBIDDEN", CARE_ENDED);
}
