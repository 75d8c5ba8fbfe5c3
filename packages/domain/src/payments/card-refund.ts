// An admin's refund, whole or part, of a payment made by card: Stripe returns the money to the
// card first, and only then is the refund written to the ledger (core's recordRefund, which also
// refuses more than was paid). The idempotency key names the PaymentIntent, what was refunded of it
// before and this amount: a retried request is one refund at Stripe, a second refund is another.
import { findPayment, refundedOfPayment, type User } from "@halcyon/db";
import { formatMoney, recordRefund } from "../billing";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { cardGateway } from "./checkout";
import { stripeCall } from "./stripe-errors";

type Caller = RequestContext & { user: User };

const NO_SUCH_PAYMENT = "No such payment.";
const NOT_BY_CARD = "This payment was not made by card through Stripe: record its refund by hand.";
const OVER_REFUND = (left: string) => `A refund can be at most what is left of the payment: ${left}.`;

export async function refundCardPayment(
  ctx: Caller,
  input: { paymentId: number; amountMinor: number; reason: string },
): Promise<{ refundId: string; status: string }> {
  const cards = cardGateway(ctx);
  const payment = await findPayment(ctx.db, input.paymentId);
  if (!payment) throw new AppError("NOT_FOUND", NO_SUCH_PAYMENT);
  if (payment.method !== "card" || !payment.stripePaymentIntentId) throw new AppError("CONFLICT", NOT_BY_CARD);
  const refundedBefore = await refundedOfPayment(ctx.db, payment.id);
  const left = payment.amountMinor - refundedBefore;
  if (input.amountMinor > left) throw new AppError("CONFLICT", OVER_REFUND(formatMoney(left, payment.currency)));
  const refund = await stripeCall(() =>
    cards.stripe.refunds.create(
      { payment_intent: payment.stripePaymentIntentId!, amount: input.amountMinor, metadata: { halcyonPaymentId: String(payment.id) } },
      { idempotencyKey: `halcyon-refund-${payment.stripePaymentIntentId}-${refundedBefore}-${input.amountMinor}` },
    ),
  );
  if (refund.status === "failed" || refund.status === "canceled") {
    throw new AppError("PROVIDER_UNAVAILABLE", `Stripe did not refund the card (${refund.failure_reason ?? refund.status}).`);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await recordRefund(ctx, trx, { paymentId: payment.id, amountMinor: input.amountMinor, reason: input.reason, by: ctx.user.id });
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "billing.card_refund",
        outcome: "success",
        targetType: "payment",
        targetId: String(payment.id),
        details: { amountMinor: input.amountMinor, stripeRefund: refund.id },
        request: ctx.request,
      },
      trx,
    );
  });
  return { refundId: refund.id, status: refund.status ?? "pending" };
}
