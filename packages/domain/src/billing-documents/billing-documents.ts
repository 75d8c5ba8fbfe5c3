// Billing documents to download: a superbill for any range of dates, a Good Faith Estimate as
// issued, an invoice and its receipt. Each is the patient's own, their doctor's (a doctor they are
// in the care of) and admins'; to anyone else it does not exist (404). Each download is audited.
import { billingDetailsOf, estimatesOf, findEstimate, findUserById, saveBillingDetails, type User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { invoiceWithLines } from "../billing/invoices";
import { careAccessTo } from "../care/record-access";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import type { BillingDetailsView } from "./billing-document.schema";
import type { GoodFaithEstimateInput, InvoiceDocumentInput, SuperbillInput } from "./document-inputs";
import { clinicOnPaper, patientOnPaper } from "./on-paper";
import { superbillOf } from "./superbills";

type Caller = RequestContext & { user: User };

const NOT_FOUND = "No such document.";

/** Refuses (404) a caller who is not the patient, a doctor caring for them, or an admin. */
async function assertMayRead(ctx: Caller, patientId: number): Promise<void> {
  const [access, patient] = await Promise.all([careAccessTo(ctx, patientId), findUserById(ctx.db, patientId)]);
  if (!access || !patient || patient.role !== "patient") throw new AppError("NOT_FOUND", NOT_FOUND);
}

async function audited(ctx: Caller, patientId: number, details: Record<string, unknown>): Promise<void> {
  await recordAudit(ctx, {
    actorId: ctx.user.id,
    action: "billing.document_download",
    outcome: "success",
    targetType: "patient",
    targetId: patientId,
    request: ctx.request,
    details,
  });
}

export async function superbillForDownload(ctx: Caller, patientId: number, range: { from: string; to: string }): Promise<SuperbillInput> {
  await assertMayRead(ctx, patientId);
  const superbill = await superbillOf(ctx, patientId, range.from, range.to);
  await audited(ctx, patientId, { document: "superbill", from: range.from, to: range.to, sessions: superbill.lines.length });
  return superbill;
}

export async function estimateForDownload(ctx: Caller, id: number): Promise<GoodFaithEstimateInput> {
  const estimate = await findEstimate(ctx.db, id);
  if (!estimate) throw new AppError("NOT_FOUND", NOT_FOUND);
  await assertMayRead(ctx, estimate.patientId);
  await audited(ctx, estimate.patientId, { document: "estimate", estimateId: id });
  return { ...(JSON.parse(estimate.content) as Omit<GoodFaithEstimateInput, "id">), id };
}

export async function invoiceForDownload(ctx: Caller, invoiceId: number, kind: "invoice" | "receipt"): Promise<InvoiceDocumentInput> {
  const invoice = await invoiceWithLines(ctx.db, invoiceId);
  if (!invoice) throw new AppError("NOT_FOUND", NOT_FOUND);
  await assertMayRead(ctx, invoice.patientId);
  if (kind === "receipt" && invoice.payments.length === 0) throw new AppError("CONFLICT", "Nothing has been paid on this invoice yet, so there is no receipt.");
  const patient = await patientOnPaper(ctx.db, invoice.patientId);
  await audited(ctx, invoice.patientId, { document: kind, invoiceId });
  return {
    kind,
    clinic: { ...clinicOnPaper(ctx), currency: invoice.currency },
    patient,
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    lines: invoice.lines.map((line) => ({
      date: line.sessionStart ?? line.createdAt,
      description: [line.serviceName ?? LINE_WORDS[line.kind] ?? line.kind, line.cptCode ? `CPT ${line.cptCode}` : null, line.reason]
        .filter(Boolean)
        .join(" · "),
      amountMinor: line.amountMinor,
    })),
    totalMinor: invoice.totalMinor,
    payments: invoice.payments.map((payment) => ({
      receivedAt: payment.receivedAt,
      method: METHOD_WORDS[payment.method] ?? payment.method,
      reference: payment.reference,
      amountMinor: payment.amountMinor,
      refundedMinor: payment.refundedMinor,
    })),
    paidMinor: invoice.paidMinor,
  };
}

const LINE_WORDS: Record<string, string> = { charge: "Session", fee: "Cancellation or missed-session fee", adjustment: "Adjustment", reversal: "Reversal" };
const METHOD_WORDS: Record<string, string> = { cash: "Cash", cheque: "Cheque", card_elsewhere: "Card (in person)", card: "Card" };

/** The patient's estimates, newest first: to whoever may read their documents. */
export async function estimatesForPatient(ctx: Caller, patientId: number) {
  await assertMayRead(ctx, patientId);
  return estimatesOf(ctx.db, patientId);
}

/** The patient's postal address and monthly superbill switch: the patient's own, and admins'. */
function assertOwnOrAdmin(ctx: Caller, patientId: number): void {
  if (ctx.user.role !== "admin" && ctx.user.id !== patientId) throw new AppError("NOT_FOUND", "No such patient.");
}

export async function billingDetails(ctx: Caller, patientId: number): Promise<BillingDetailsView> {
  assertOwnOrAdmin(ctx, patientId);
  await patientOnPaper(ctx.db, patientId);
  return billingDetailsOf(ctx.db, patientId);
}

export async function updateBillingDetails(ctx: Caller, input: { patientId: number } & BillingDetailsView): Promise<BillingDetailsView> {
  assertOwnOrAdmin(ctx, input.patientId);
  await patientOnPaper(ctx.db, input.patientId);
  const details = { postalAddress: input.postalAddress, monthlySuperbill: input.monthlySuperbill };
  await ctx.db.transaction().execute(async (trx) => {
    await saveBillingDetails(trx, input.patientId, details, ctx.now().toISOString());
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "billing.document_details",
        outcome: "success",
        targetType: "patient",
        targetId: input.patientId,
        request: ctx.request,
        details: { monthlySuperbill: details.monthlySuperbill },
      },
      trx,
    );
  });
  return details;
}
