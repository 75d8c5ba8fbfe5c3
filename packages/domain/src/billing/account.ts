// Reading a patient's money, by the rules of item 8: patients their own; doctors the balance of
// patients in their care and the entries and fees of their own sessions (not invoices, payments or
// the clinic's receivables); admins everything. Every read is audited.
import {
  findUserById,
  hadEarlierSession,
  invoicesOf,
  isInCareOf,
  ledgerBalance,
  ledgerOf,
  ledgerOfSessionsWith,
  listPendingFees,
  paymentsOf,
  type Db,
  type Invoice,
  type PendingFee,
  type User,
} from "@halcyon/db";
import { auditRead } from "../audit/read-audit";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import type { BillingAccount, PendingFeeView } from "./billing.schema";
import { invoiceWithLines, type InvoiceWithLines } from "./invoices";

type Ctx = RequestContext & { user: User };

export const OWN_BILLING_ONLY = "Patients see only their own billing.";
export const NOT_YOUR_PATIENT = "Doctors see the billing of patients in their care only.";

/**
 * How much of the patient's money the caller may see: all of it, or a doctor's part. Refuses a
 * patient asking of another and a doctor asking of a patient outside their care.
 */
export async function accountAccess(ctx: Ctx, patientId: number): Promise<"full" | "doctor"> {
  const { user } = ctx;
  if (user.role === "patient") {
    if (patientId !== user.id) throw new AppError("FORBIDDEN", OWN_BILLING_ONLY);
    return "full";
  }
  // Asked before the patient is looked up, so a doctor learns nothing of ids outside their care.
  if (user.role === "doctor" && !(await isInCareOf(ctx.db, user.id, patientId))) throw new AppError("FORBIDDEN", NOT_YOUR_PATIENT);
  const patient = await findUserById(ctx.db, patientId);
  if (!patient || patient.role !== "patient") throw new AppError("NOT_FOUND", "No such patient.");
  return user.role === "admin" ? "full" : "doctor";
}

/** Fees as screens show them, each knowing whether it is a forgivable first-session no-show. */
export async function feeViews(db: Db, fees: PendingFee[]): Promise<PendingFeeView[]> {
  return Promise.all(
    fees.map(async (fee) => ({
      ...fee,
      firstSession: fee.kind === "no_show" && !(await hadEarlierSession(db, fee.patientId, fee.sessionStart)),
    })),
  );
}

export function invoiceView(invoice: Invoice) {
  return { ...invoice, paid: invoice.paidMinor >= invoice.totalMinor };
}

export async function billingAccount(ctx: Ctx, patientId: number = ctx.user.id): Promise<BillingAccount> {
  const access = await accountAccess(ctx, patientId);
  const [balanceMinor, entries, fees] = await Promise.all([
    ledgerBalance(ctx.db, patientId),
    // A doctor's part: the entries of their own sessions.
    access === "full" ? ledgerOf(ctx.db, patientId) : ledgerOfSessionsWith(ctx.db, patientId, ctx.user.id),
    listPendingFees(ctx.db, { patientId, ...(access === "doctor" ? { doctorId: ctx.user.id } : {}), limit: 200 }),
  ]);
  const [invoices, payments] = access === "full" ? await Promise.all([invoicesOf(ctx.db, patientId), paymentsOf(ctx.db, patientId)]) : [[], []];
  await auditRead(
    ctx,
    "billing.read",
    { type: "patient", id: patientId },
    entries.map((entry) => entry.id),
  );
  return {
    patientId,
    currency: ctx.config.billing.currency,
    balanceMinor,
    entries: entries,
    invoices: invoices.map(invoiceView),
    payments,
    fees: await feeViews(ctx.db, fees),
  };
}

/** One invoice, for its patient or an admin. */
export async function readInvoice(ctx: Ctx, id: number): Promise<InvoiceWithLines & { paid: boolean }> {
  if (ctx.user.role === "doctor") throw new AppError("FORBIDDEN", "Invoices are for their patient and the clinic's admins.");
  const invoice = await invoiceWithLines(ctx.db, id);
  // The same answer for another patient's invoice as for none: its number says nothing.
  if (!invoice || (ctx.user.role === "patient" && invoice.patientId !== ctx.user.id)) throw new AppError("NOT_FOUND", "No such invoice.");
  await auditRead(ctx, "billing.read", { type: "invoice", id }, [id]);
  return invoiceView(invoice) as InvoiceWithLines & { paid: boolean };
}
