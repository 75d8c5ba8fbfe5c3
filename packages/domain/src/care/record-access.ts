// Who may read a patient's record: the patient, admins, and the doctors the patient is in the
// care of; and, for the record's session notes only, a doctor with open emergency access. Care
// is read at every request, so an ended relationship ends its doctor's access at once.
import { findOpenEmergencyAccess, isInCareOf, type EmergencyAccessGrant, type User } from "@halcyon/db";
import type { RequestContext } from "../context";

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
