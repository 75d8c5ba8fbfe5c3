// Stripe Checkout, Stripe's own hosted pages, so that no card number ever reaches Halcyon: a
// patient pays an open invoice (mode payment), or saves a card for the clinic to charge (mode
// setup), after ticking the consent. Nothing is recorded here but the consent: a payment is
// recorded only when Stripe's signed event tells of it (stripe-events.ts).
import { recordCardConsent, type User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { invoiceWithLines } from "../billing";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { CARD_CONSENT_TEXT } from "./card-consent";
import { stripeCustomerOf } from "./stripe-customers";
import { CARDS_NOT_OFFERED, stripeCall } from "./stripe-errors";
import type { CardGateway } from "./stripe-client";

type Caller = RequestContext & { user: User };

const NO_SUCH_INVOICE = "No such invoice.";
const PAID_ALREADY = "This invoice is paid already.";
const CONSENT_CHANGED = "The consent's wording has changed since you read it. Please read it again, then tick the box.";

export function cardGateway(ctx: Pick<RequestContext, "cards">): CardGateway {
  if (!ctx.cards) throw new AppError("CONFLICT", CARDS_NOT_OFFERED);
  return ctx.cards;
}

/** Where Checkout sends the patient back: the Billing page of the origin they came from. */
function billingPage(ctx: Caller, query: string): string {
  return `${ctx.request.origin ?? ctx.config.publicOrigin}/billing${query}`;
}

/** A Checkout session for what is left to pay of one of the caller's invoices; its URL to go to. */
export async function payInvoiceByCard(ctx: Caller, invoiceId: number): Promise<{ url: string }> {
  const cards = cardGateway(ctx);
  const invoice = await invoiceWithLines(ctx.db, invoiceId);
  // Someone else's invoice is as good as none: its existence is not the caller's business.
  if (!invoice || invoice.patientId !== ctx.user.id) throw new AppError("NOT_FOUND", NO_SUCH_INVOICE);
  const dueMinor = invoice.totalMinor - invoice.paidMinor;
  if (dueMinor <= 0) throw new AppError("CONFLICT", PAID_ALREADY);
  const customer = await stripeCustomerOf(ctx, cards, ctx.user.id);
  // Both the session and its PaymentIntent carry whose and which invoice it is: the events that
  // record the payment may come from either.
  const metadata = { halcyonPatientId: String(ctx.user.id), halcyonInvoiceId: String(invoice.id) };
  const session = await stripeCall(() =>
    cards.stripe.checkout.sessions.create({
      mode: "payment",
      customer,
      client_reference_id: `invoice-${invoice.id}`,
      line_items: [
        {
          quantity: 1,
          // The invoice's number only: a card statement or Stripe's receipt says nothing of the care.
          price_data: { currency: ctx.config.billing.currency.toLowerCase(), unit_amount: dueMinor, product_data: { name: `Invoice ${invoice.number}` } },
        },
      ],
      payment_intent_data: { metadata },
      metadata,
      success_url: billingPage(ctx, `?paid=${invoice.id}`),
      cancel_url: billingPage(ctx, ""),
    }),
  );
  await recordAudit(ctx, {
    actorId: ctx.user.id,
    action: "billing.card_checkout",
    outcome: "success",
    targetType: "invoice",
    targetId: String(invoice.id),
    details: { amountMinor: dueMinor, checkoutSession: session.id },
    request: ctx.request,
  });
  return { url: session.url! };
}

/**
 * Keeps the caller's consent to be charged (the text they read, which must be the current one),
 * then opens Checkout in setup mode, where they give Stripe their card.
 */
export async function saveCardByCheckout(ctx: Caller, consentText: string): Promise<{ url: string }> {
  const cards = cardGateway(ctx);
  if (consentText !== CARD_CONSENT_TEXT) throw new AppError("CONFLICT", CONSENT_CHANGED);
  const customer = await stripeCustomerOf(ctx, cards, ctx.user.id);
  await ctx.db.transaction().execute(async (trx) => {
    await recordCardConsent(trx, ctx.user.id, { text: consentText, at: ctx.now().toISOString(), ip: ctx.request.ip });
    await recordAudit(
      ctx,
      { actorId: ctx.user.id, action: "billing.card_consent", outcome: "success", targetType: "patient", targetId: String(ctx.user.id), request: ctx.request },
      trx,
    );
  });
  const metadata = { halcyonPatientId: String(ctx.user.id) };
  const session = await stripeCall(() =>
    cards.stripe.checkout.sessions.create({
      mode: "setup",
      customer,
      currency: ctx.config.billing.currency.toLowerCase(),
      // Cards only: they are what can be charged at night, without the patient there.
      allowed_payment_method_types: ["card"],
      setup_intent_data: { metadata },
      metadata,
      success_url: billingPage(ctx, "?card=saved"),
      cancel_url: billingPage(ctx, ""),
    }),
  );
  return { url: session.url! };
}
