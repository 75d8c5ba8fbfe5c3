// What a session's end owes: a completed session its agreed fee (a 'charge'); a no-show or a late
// cancellation a fee at the clinic's percentage, waiting for a decision before the patient owes
// it. Written in the transaction that changes the session, so the money and the status agree.
import {
  findInvoice,
  findLedgerEntry,
  hadEarlierSession,
  insertPendingFee,
  invoiceOfEntry,
  ledgerBalance,
  decidePendingFee,
  holdPatientLedger,
  type Database,
  type PendingFee,
  type PendingFeeKind,
  type Transaction,
} from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { AppError } from "../errors";
import { assertPositiveAmount, writeEntry, type MoneyServices } from "./ledger";
import { percentOf } from "./money";

interface BilledSession {
  id: number;
  patientId: number;
  /** The fee agreed at booking; null for sessions booked before services had fees. */
  feeMinor: number | null;
}

/** The completed session's charge (nothing for a session without an agreed fee, or a free one). */
export async function chargeCompletedSession(services: MoneyServices, trx: Transaction<Database>, session: BilledSession, by: number | null): Promise<void> {
  if (!session.feeMinor) return;
  await writeEntry(
    services,
    trx,
    { patientId: session.patientId, kind: "charge", amountMinor: session.feeMinor, appointmentId: session.id, createdBy: by },
    "billing.charge",
  );
}

/** Opens the fee of a no-show or late cancellation at the clinic's percentage (none when that fee is off, or comes to nothing). */
export async function openSessionFee(
  services: MoneyServices,
  trx: Transaction<Database>,
  session: BilledSession,
  kind: PendingFeeKind,
  by: number | null,
): Promise<void> {
  const { noShowFeePercent, lateCancelFeePercent } = services.config.billing;
  const percent = kind === "no_show" ? noShowFeePercent : lateCancelFeePercent;
  if (percent === null || !session.feeMinor) return;
  const amountMinor = percentOf(session.feeMinor, percent);
  if (amountMinor === 0) return;
  const id = await insertPendingFee(trx, {
    appointmentId: session.id,
    patientId: session.patientId,
    kind,
    amountMinor,
    createdAt: services.now().toISOString(),
  });
  await recordAudit(
    services,
    {
      actorId: by,
      action: "billing.fee_pending",
      outcome: "success",
      targetType: "patient",
      targetId: session.patientId,
      ...(services.request ? { request: services.request } : {}),
      details: { feeId: id, kind, appointmentId: session.id, amountMinor, percent },
    },
    trx,
  );
}

export const FEE_DECIDED = "This fee has been decided already.";

/** Approves a pending fee: the patient now owes it (a 'fee' entry). */
export async function approveFee(
  services: MoneyServices,
  trx: Transaction<Database>,
  fee: PendingFee,
  input: { by: number; reason: string | null },
): Promise<void> {
  if (fee.status !== "pending") throw new AppError("CONFLICT", FEE_DECIDED);
  assertPositiveAmount(fee.amountMinor, "The fee");
  await holdPatientLedger(trx, fee.patientId);
  const entryId = await writeEntry(
    services,
    trx,
    { patientId: fee.patientId, kind: "fee", amountMinor: fee.amountMinor, appointmentId: fee.appointmentId, reason: input.reason, createdBy: input.by },
    "billing.fee_approve",
  );
  const decision = { status: "approved" as const, entryId, decidedBy: input.by, decidedAt: services.now().toISOString(), reason: input.reason };
  if (!(await decidePendingFee(trx, fee.id, "pending", decision))) throw new AppError("CONFLICT", FEE_DECIDED);
}

export const FEE_PAID = "This fee has been paid, so it can no longer be waived: refund the payment instead.";

/**
 * Waives a fee with a reason. A pending fee simply never becomes owed; an approved one is undone by
 * a reversal, unless it has been paid (its invoice is paid, or the patient's balance no longer
 * holds it): then money has changed hands and only a refund gives it back.
 */
export async function waiveFee(services: MoneyServices, trx: Transaction<Database>, fee: PendingFee, input: { by: number; reason: string }): Promise<void> {
  if (fee.status === "waived") throw new AppError("CONFLICT", "This fee has been waived already.");
  await holdPatientLedger(trx, fee.patientId);
  const decidedAt = services.now().toISOString();
  if (fee.status === "approved") {
    const entry = fee.entryId === null ? undefined : await findLedgerEntry(trx, fee.entryId);
    if (!entry) throw new Error(`pending fee ${fee.id} is approved without its entry`);
    const invoiceId = await invoiceOfEntry(trx, entry.id);
    const invoice = invoiceId === undefined ? undefined : await findInvoice(trx, invoiceId);
    if ((invoice && invoice.paidMinor >= invoice.totalMinor) || (await ledgerBalance(trx, fee.patientId)) < entry.amountMinor) {
      throw new AppError("CONFLICT", FEE_PAID);
    }
    await writeEntry(
      services,
      trx,
      {
        patientId: fee.patientId,
        kind: "reversal",
        amountMinor: -entry.amountMinor,
        appointmentId: fee.appointmentId,
        reversesId: entry.id,
        reason: input.reason,
        createdBy: input.by,
      },
      "billing.fee_waive",
    );
  } else {
    await recordAudit(
      services,
      {
        actorId: input.by,
        action: "billing.fee_waive",
        outcome: "success",
        targetType: "patient",
        targetId: fee.patientId,
        ...(services.request ? { request: services.request } : {}),
        details: { feeId: fee.id, kind: fee.kind, appointmentId: fee.appointmentId, amountMinor: fee.amountMinor },
      },
      trx,
    );
  }
  const decision = { status: "waived" as const, decidedBy: input.by, decidedAt, reason: input.reason };
  if (!(await decidePendingFee(trx, fee.id, fee.status, decision))) throw new AppError("CONFLICT", FEE_DECIDED);
}

export const FIRST_SESSION_REASON = "First session: no-show forgiven";
export const NOT_A_FIRST_NO_SHOW = "Only a no-show at the patient's first session is forgiven this way; waive it with a reason instead.";

/** The one-click waiver of a no-show at the patient's first session (no completed session before it). */
export async function forgiveFirstNoShow(services: MoneyServices, trx: Transaction<Database>, fee: PendingFee, by: number): Promise<void> {
  if (fee.kind !== "no_show" || (await hadEarlierSession(trx, fee.patientId, fee.sessionStart))) throw new AppError("CONFLICT", NOT_A_FIRST_NO_SHOW);
  await waiveFee(services, trx, fee, { by, reason: FIRST_SESSION_REASON });
}

/** An admin's adjustment (a discount or write-off: negative; a correction upward: positive), with its reason. */
export async function addAdjustment(
  services: MoneyServices,
  trx: Transaction<Database>,
  input: { patientId: number; amountMinor: number; reason: string; by: number },
): Promise<number> {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor === 0) {
    throw new AppError("INVALID_INPUT", "An adjustment is a whole number of cents other than 0: negative lowers what the patient owes.");
  }
  await holdPatientLedger(trx, input.patientId);
  return writeEntry(
    services,
    trx,
    { patientId: input.patientId, kind: "adjustment", amountMinor: input.amountMinor, reason: input.reason, createdBy: input.by },
    "billing.adjustment",
  );
}
