// An admin's money actions, each one transaction with its audit row: payments taken by hand
// (cash, a cheque, a card taken elsewhere), refunds of them, adjustments, reversals, invoices.
import { findPayment, findUserById, paymentsOf, type User } from "@halcyon/db";
import type { z } from "zod";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import type { adjustmentInputSchema, recordPaymentInputSchema, refundInputSchema, reverseEntryInputSchema } from "./billing.schema";
import { addAdjustment } from "./charges";
import { issueInvoice } from "./invoices";
import { recordPayment, recordRefund, reverseEntry } from "./ledger";

type Admin = RequestContext & { user: User };

async function assertPatient(ctx: Admin, patientId: number): Promise<void> {
  const patient = await findUserById(ctx.db, patientId);
  if (!patient || patient.role !== "patient") throw new AppError("NOT_FOUND", "No such patient.");
}

export async function recordPaymentByHand(ctx: Admin, input: z.output<typeof recordPaymentInputSchema>) {
  await assertPatient(ctx, input.patientId);
  const receivedAt = input.receivedAt ? new Date(input.receivedAt).toISOString() : ctx.now().toISOString();
  const id = await ctx.db.transaction().execute((trx) =>
    recordPayment(ctx, trx, {
      patientId: input.patientId,
      invoiceId: input.invoiceId ?? null,
      method: input.method,
      reference: input.reference,
      amountMinor: input.amountMinor,
      receivedAt,
      recordedBy: ctx.user.id,
    }),
  );
  return (await paymentsOf(ctx.db, input.patientId)).find((payment) => payment.id === id)!;
}

/** Money handed back outside Halcyon. A card payment's refund goes back through Stripe (payments.refund): recorded here alone, the ledger would say the patient was repaid while their card never was. */
export const REFUND_CARD_THROUGH_STRIPE =
  "This payment was made by card through the clinic's payment provider: refund it by card, so the money goes back to the card.";

export async function refundByHand(ctx: Admin, input: z.output<typeof refundInputSchema>) {
  const entryId = await ctx.db.transaction().execute(async (trx) => {
    if ((await findPayment(trx, input.id))?.method === "card") throw new AppError("CONFLICT", REFUND_CARD_THROUGH_STRIPE);
    return recordRefund(ctx, trx, { paymentId: input.id, amountMinor: input.amountMinor, reason: input.reason, by: ctx.user.id });
  });
  return { id: entryId };
}

export async function adjust(ctx: Admin, input: z.output<typeof adjustmentInputSchema>) {
  await assertPatient(ctx, input.patientId);
  return { id: await ctx.db.transaction().execute((trx) => addAdjustment(ctx, trx, { ...input, by: ctx.user.id })) };
}

export async function reverse(ctx: Admin, input: z.output<typeof reverseEntryInputSchema>) {
  return { id: await ctx.db.transaction().execute((trx) => reverseEntry(ctx, trx, { entryId: input.id, reason: input.reason, by: ctx.user.id })) };
}

export async function issue(ctx: Admin, input: { patientId: number }) {
  await assertPatient(ctx, input.patientId);
  return { id: await ctx.db.transaction().execute((trx) => issueInvoice(ctx, trx, { patientId: input.patientId, by: ctx.user.id })) };
}
