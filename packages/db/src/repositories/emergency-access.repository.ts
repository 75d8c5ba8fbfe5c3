// Emergency access: a doctor's time-limited opening of the record of a patient not in their care,
// with the written reason an admin reviews.
import type { Db } from "./db";

export interface EmergencyAccessGrant {
  id: number;
  doctorId: number;
  patientId: number;
  reason: string;
  grantedAt: string;
  expiresAt: string;
  reviewedAt: string | null;
  reviewedBy: number | null;
  /** An admin had ended the doctor's care of the patient: it opens only once an admin approves it. */
  approvalRequired: boolean;
  approvedAt: string | null;
  approvedBy: number | null;
}

/** A grant with the names an admin reads it by. */
export interface EmergencyAccessView extends EmergencyAccessGrant {
  doctorName: string;
  patientName: string;
}

export async function insertEmergencyAccess(
  db: Db,
  grant: Omit<EmergencyAccessGrant, "id" | "reviewedAt" | "reviewedBy" | "approvedAt" | "approvedBy">,
): Promise<number> {
  const row = await db
    .insertInto("emergency_access")
    .values({
      doctor_id: grant.doctorId,
      patient_id: grant.patientId,
      reason: grant.reason,
      granted_at: grant.grantedAt,
      expires_at: grant.expiresAt,
      approval_required: grant.approvalRequired ? 1 : 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The doctor's grant for this patient that is open at `now` (the latest, if several): approved, when it needed approval. */
export async function findOpenEmergencyAccess(db: Db, doctorId: number, patientId: number, now: string): Promise<EmergencyAccessGrant | undefined> {
  const row = await db
    .selectFrom("emergency_access")
    .selectAll()
    .where("doctor_id", "=", doctorId)
    .where("patient_id", "=", patientId)
    .where("expires_at", ">", now)
    .where((eb) => eb.or([eb("approval_required", "=", 0), eb("approved_at", "is not", null)]))
    .orderBy("expires_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row && toGrant(row);
}

/** The doctor's request for this patient that waits for an admin's approval (neither approved nor declined), if any. */
export async function findWaitingEmergencyAccess(db: Db, doctorId: number, patientId: number): Promise<EmergencyAccessGrant | undefined> {
  const row = await db
    .selectFrom("emergency_access")
    .selectAll()
    .where("doctor_id", "=", doctorId)
    .where("patient_id", "=", patientId)
    .where("approval_required", "=", 1)
    .where("approved_at", "is", null)
    .where("reviewed_at", "is", null)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row && toGrant(row);
}

/**
 * Approves a waiting request: it opens from `at` until `expiresAt`, and the approving admin has
 * reviewed it. Answers the grant, or undefined when no request with that id waits.
 */
export async function approveEmergencyAccess(
  db: Db,
  approval: { id: number; adminId: number; at: string; expiresAt: string },
): Promise<EmergencyAccessGrant | undefined> {
  const row = await db
    .updateTable("emergency_access")
    .set({ approved_at: approval.at, approved_by: approval.adminId, expires_at: approval.expiresAt, reviewed_at: approval.at, reviewed_by: approval.adminId })
    .where("id", "=", approval.id)
    .where("approval_required", "=", 1)
    .where("approved_at", "is", null)
    .where("reviewed_at", "is", null)
    .returningAll()
    .executeTakeFirst();
  return row && toGrant(row);
}

/** Grants still waiting for an admin's review, oldest first (at most `limit`). */
export async function listUnreviewedEmergencyAccess(db: Db, limit: number): Promise<EmergencyAccessView[]> {
  const rows = await db
    .selectFrom("emergency_access as e")
    .innerJoin("users as d", "d.id", "e.doctor_id")
    .innerJoin("users as p", "p.id", "e.patient_id")
    .selectAll("e")
    .select(["d.first_name as doctor_first_name", "d.last_name as doctor_last_name", "p.first_name as patient_first_name", "p.last_name as patient_last_name"])
    .where("e.reviewed_at", "is", null)
    .orderBy("e.granted_at")
    .orderBy("e.id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...toGrant(row),
    doctorName: `${row.doctor_first_name} ${row.doctor_last_name}`,
    patientName: `${row.patient_first_name} ${row.patient_last_name}`,
  }));
}

/** Marks a grant reviewed (a request still waiting for approval is thereby declined); answers it, or undefined when there is no such grant or it was reviewed already. */
export async function markEmergencyAccessReviewed(db: Db, id: number, reviewerId: number, at: string): Promise<EmergencyAccessGrant | undefined> {
  const row = await db
    .updateTable("emergency_access")
    .set({ reviewed_at: at, reviewed_by: reviewerId })
    .where("id", "=", id)
    .where("reviewed_at", "is", null)
    .returningAll()
    .executeTakeFirst();
  return row && toGrant(row);
}

function toGrant(row: {
  id: number;
  doctor_id: number;
  patient_id: number;
  reason: string;
  granted_at: string;
  expires_at: string;
  reviewed_at: string | null;
  reviewed_by: number | null;
  approval_required: number;
  approved_at: string | null;
  approved_by: number | null;
}): EmergencyAccessGrant {
  return {
    id: row.id,
    doctorId: row.doctor_id,
    patientId: row.patient_id,
    reason: row.reason,
    grantedAt: row.granted_at,
    expiresAt: row.expires_at,
    reviewedAt: row.reviewed_at,
    reviewedBy: row.reviewed_by,
    approvalRequired: row.approval_required === 1,
    approvedAt: row.approved_at,
    approvedBy: row.approved_by,
  };
}
