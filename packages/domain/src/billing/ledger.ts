// Writing THE ledger. Every money event of a patient is one signed entry (+ owes more, − owes
// less), written with its audit row in the caller's transaction; nothing is edited or deleted
// (the database refuses), only reversed by another entry. A balance is the sum of the entries.
import {
  findInvoice,
  findLedgerEntry,
  findPayment,
  findPaymentByIntent,
  holdPatientLedger,
  insertLedgerEntry,
  insertPayment,
  ledgerBalance,
  refundedOfPayment,
  reversedAmong,
  type Database,
  type Db,
  type LedgerEntryKind,
  type PaymentMethod,
  type Transaction,
} from "@halcyon/db";
import { recordAudit, type AuditAction } from "../audit/audit";
import type { ClinicServices, RequestMeta } from "../context";
import { AppError } from "../errors";
import { invoiceAsPosted } from "./invoices";
import { formatMoney } from "./money";

/** What writing money needs: the audit, the clock, the clinic's currency, and the request, if one. */
export type MoneyServices = Pick<ClinicServices, "audit" | "now" | "config"> & { request?: RequestMeta };

export interface EntryFacts {
  patientId: number;
  kind: LedgerEntryKind;
  amountMinor: number;
  appointmentId?: number | null;
  paymentId?: number | null;
  reversesId?: number | null;
  reason?: string | null;
  createdBy: number | null;
}

/** A positive whole amount of minor units, or a 400 that says so. */
export function assertPositiveAmount(amountMinor: number, what = "The amount"): void {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new AppError("INVALID_INPUT", `${what} must be a positive whole number of cents.`);
}

/**
 * Writes one entry and its audit row (`action`) in `trx`, and invoices it as its kind calls for
 * (invoiceAsPosted: a charge or fee at once); answers the entry's id.
 */
export async function writeEntry(services: MoneyServices, trx: Transaction<Database>, entry: EntryFacts, action: AuditAction): Promise<number> {
  if (!Number.isSafeInteger(entry.amountMinor)) throw new Error(`ledger: ${entry.amountMinor} is not a whole number of minor units`);
  const currency = services.config.billing.currency;
  const id = await insertLedgerEntry(trx, {
    patientId: entry.patientId,
    kind: entry.kind,
    amountMinor: entry.amountMinor,
    currency,
    appointmentId: entry.appointmentId ?? null,
    paymentId: entry.paymentId ?? null,
    reversesId: entry.reversesId ?? null,
    reason: entry.reason ?? null,
    createdBy: entry.createdBy,
    createdAt: services.now().toISOString(),
  });
  await recordAudit(
    services,
    {
      actorId: entry.createdBy,
      action,
      outcome: "success",
      targetType: "patient",
      targetId: entry.patientId,
      ...(services.request ? { request: services.request } : {}),
      // Facts only: which entry, of what, for how much (a reason can hold anything: not copied here).
      details: {
        entryId: id,
        kind: entry.kind,
        amountMinor: entry.amountMinor,
        currency,
        ...(entry.appointmentId ? { appointmentId: entry.appointmentId } : {}),
        ...(entry.paymentId ? { paymentId: entry.paymentId } : {}),
        ...(entry.reversesId ? { reversesId: entry.reversesId } : {}),
      },
    },
    trx,
  );
  await invoiceAsPosted(services, trx, { ...entry, id });
  return id;
}

/** What the patient owes now (negative: in credit), in minor units: the sum of their entries. */
export async function patientBalance(db: Db, patientId: number): Promise<number> {
  return ledgerBalance(db, patientId);
}

export interface RecordPaymentInput {
  patientId: number;
  invoiceId?: number | null;
  method: PaymentMethod;
  reference: string;
  amountMinor: number;
  receivedAt: string;
  recordedBy?: number | null;
  /** A card payment's PaymentIntent: recorded once, however often it is told of. */
  stripePaymentIntentId?: string | null;
}

/**
 * Records money received: the payment, its 'payment' entry (−amount) and the audit row, in
 * `trx`. Idempotent on stripePaymentIntentId: a second call with the same id answers the first
 * payment's id and writes nothing.
 */
export async function recordPayment(services: MoneyServices, trx: Transaction<Database>, input: RecordPaymentInput): Promise<number> {
  assertPositiveAmount(input.amountMinor);
  await holdPatientLedger(trx, input.patientId);
  if (input.stripePaymentIntentId) {
    const known = await findPaymentByIntent(trx, input.stripePaymentIntentId);
    if (known) return known.id;
  }
  if (input.invoiceId != null) {
    const invoice = await findInvoice(trx, input.invoiceId);
    if (!invoice || invoice.patientId !== input.patientId) throw new AppError("NOT_FOUND", "No such invoice for this patient.");
  }
  const recordedBy = input.recordedBy ?? null;
  const paymentId = await insertPayment(trx, {
    patientId: input.patientId,
    invoiceId: input.invoiceId ?? null,
    method: input.method,
    reference: input.reference,
    amountMinor: input.amountMinor,
    currency: services.config.billing.currency,
    receivedAt: input.receivedAt,
    recordedBy,
    stripePaymentIntentId: input.stripePaymentIntentId ?? null,
    createdAt: services.now().toISOString(),
  });
  await writeEntry(
    services,
    trx,
    { patientId: input.patientId, kind: "payment", amountMinor: -input.amountMinor, paymentId, createdBy: recordedBy },
    "billing.payment",
  );
  return paymentId;
}

export interface RecordRefundInput {
  paymentId: number;
  amountMinor: number;
  reason: string;
  /** Who refunded it (null: the card processor, on its own). */
  by: number | null;
}

/** Refunds part or all of a payment (a 'refund' entry, +amount); never more than is left of it. Answers the entry's id. */
export async function recordRefund(services: MoneyServices, trx: Transaction<Database>, input: RecordRefundInput): Promise<number> {
  assertPositiveAmount(input.amountMinor, "The refund");
  const payment = await findPayment(trx, input.paymentId);
  if (!payment) throw new AppError("NOT_FOUND", "No such payment.");
  await holdPatientLedger(trx, payment.patientId);
  const left = payment.amountMinor - (await refundedOfPayment(trx, payment.id));
  if (input.amountMinor > left) {
    throw new AppError(
      "CONFLICT",
      left === 0
        ? "This payment has been refunded in full already."
        : `A refund can be at most what is left of the payment: ${formatMoney(left, payment.currency)}.`,
    );
  }
  return writeEntry(
    services,
    trx,
    { patientId: payment.patientId, kind: "refund", amountMinor: input.amountMinor, paymentId: payment.id, reason: input.reason, createdBy: input.by },
    "billing.refund",
  );
}

/**
 * Undoes an entry with its opposite ('reversal', reverses_id: each entry is reversed once; the
 * unique index makes a second attempt fail even in a race). Payments are undone by refunds.
 */
export async function reverseEntry(
  services: MoneyServices,
  trx: Transaction<Database>,
  input: { entryId: number; reason: string; by: number | null },
): Promise<number> {
  const entry = await findLedgerEntry(trx, input.entryId);
  if (!entry) throw new AppError("NOT_FOUND", "No such ledger entry.");
  if (entry.kind === "payment" || entry.kind === "refund") throw new AppError("CONFLICT", "A payment is undone by refunding it, not by a reversal.");
  if (entry.kind === "reversal") throw new AppError("CONFLICT", "A reversal cannot itself be reversed: add an adjustment instead.");
  // A fee's decision lives with it (pending_fees): it is undone by waiving it, which checks it is unpaid.
  if (entry.kind === "fee") throw new AppError("CONFLICT", "A fee is undone by waiving it, with a reason.");
  await holdPatientLedger(trx, entry.patientId);
  // Checked under the patient's hold; the unique index on reverses_id refuses a second one anyway.
  if ((await reversedAmong(trx, [entry.id])).size > 0) throw new AppError("CONFLICT", "This entry has been reversed already.");
  return writeEntry(
    services,
    trx,
    {
      patientId: entry.patientId,
      kind: "reversal",
      amountMinor: -entry.amountMinor,
      appointmentId: entry.appointmentId,
      reversesId: entry.id,
      reason: input.reason,
      createdBy: input.by,
    },
    "billing.reversal",
  );
}
