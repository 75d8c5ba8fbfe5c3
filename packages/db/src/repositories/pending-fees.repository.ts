// No-show and late-cancellation fees waiting for the session's doctor or an admin to approve
// (a 'fee' ledger entry) or waive them. One per session and kind.
import type { PendingFeeKind, PendingFeeStatus } from "../schema";
import type { Db } from "./db";

export interface PendingFee {
  id: number;
  appointmentId: number;
  patientId: number;
  patientName: string;
  doctorId: number;
  doctorName: string;
  sessionStart: string;
  kind: PendingFeeKind;
  amountMinor: number;
  status: PendingFeeStatus;
  entryId: number | null;
  createdAt: string;
  decidedBy: number | null;
  decidedAt: string | null;
  reason: string | null;
}

function feeQuery(db: Db) {
  return db
    .selectFrom("pending_fees as f")
    .innerJoin("appointments as a", "a.id", "f.appointment_id")
    .innerJoin("users as p", "p.id", "f.patient_id")
    .innerJoin("users as d", "d.id", "a.doctor_id")
    .select([
      "f.id",
      "f.appointment_id",
      "f.patient_id",
      "p.first_name as patient_first_name",
      "p.last_name as patient_last_name",
      "a.doctor_id",
      "d.first_name as doctor_first_name",
      "d.last_name as doctor_last_name",
      "a.start_time",
      "f.kind",
      "f.amount_minor",
      "f.status",
      "f.entry_id",
      "f.created_at",
      "f.decided_by",
      "f.decided_at",
      "f.reason",
    ]);
}

function toFee(row: Awaited<ReturnType<ReturnType<typeof feeQuery>["executeTakeFirstOrThrow"]>>): PendingFee {
  return {
    id: row.id,
    appointmentId: row.appointment_id,
    patientId: row.patient_id,
    patientName: `${row.patient_first_name} ${row.patient_last_name}`,
    doctorId: row.doctor_id,
    doctorName: `${row.doctor_first_name} ${row.doctor_last_name}`,
    sessionStart: row.start_time,
    kind: row.kind,
    amountMinor: Number(row.amount_minor),
    status: row.status,
    entryId: row.entry_id,
    createdAt: row.created_at,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    reason: row.reason,
  };
}

export async function insertPendingFee(
  db: Db,
  fee: { appointmentId: number; patientId: number; kind: PendingFeeKind; amountMinor: number; createdAt: string },
): Promise<number> {
  const row = await db
    .insertInto("pending_fees")
    .values({ appointment_id: fee.appointmentId, patient_id: fee.patientId, kind: fee.kind, amount_minor: fee.amountMinor, created_at: fee.createdAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findPendingFee(db: Db, id: number): Promise<PendingFee | undefined> {
  const row = await feeQuery(db).where("f.id", "=", id).executeTakeFirst();
  return row && toFee(row);
}

export interface PendingFeeFilter {
  status?: PendingFeeStatus;
  patientId?: number;
  doctorId?: number;
  limit: number;
}

/** Fees newest first, by status, patient or the session's doctor. */
export async function listPendingFees(db: Db, filter: PendingFeeFilter): Promise<PendingFee[]> {
  let query = feeQuery(db);
  if (filter.status) query = query.where("f.status", "=", filter.status);
  if (filter.patientId !== undefined) query = query.where("f.patient_id", "=", filter.patientId);
  if (filter.doctorId !== undefined) query = query.where("a.doctor_id", "=", filter.doctorId);
  return (await query.orderBy("f.id", "desc").limit(filter.limit).execute()).map(toFee);
}

/**
 * Records a decision on a fee that is `from` (pending, or approved for a later waiver); false
 * when another decision came first, so two clicks cannot both write.
 */
export async function decidePendingFee(
  db: Db,
  id: number,
  from: PendingFeeStatus,
  decision: { status: PendingFeeStatus; entryId?: number | null; decidedBy: number; decidedAt: string; reason: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable("pending_fees")
    .set({
      status: decision.status,
      ...(decision.entryId !== undefined ? { entry_id: decision.entryId } : {}),
      decided_by: decision.decidedBy,
      decided_at: decision.decidedAt,
      reason: decision.reason,
    })
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the patient has had a completed session before this one (a first-session no-show is forgiven). */
export async function hadEarlierSession(db: Db, patientId: number, before: string): Promise<boolean> {
  const row = await db
    .selectFrom("appointments")
    .select("id")
    .where("patient_id", "=", patientId)
    .where("status", "=", "completed")
    .where("start_time", "<", before)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
