// Stripe's webhook events: believed only when the library's own signature check passes, and
// processed once each, whatever the order or repetition in which they arrive. The event's id is
// written (stripe_events) in the transaction of its effects, so a repeat finds it and does
// nothing; and each effect holds in any order: a payment is recorded once per PaymentIntent
// (core's recordPayment), and a paid collection stays paid whatever failure is told after it.
import { claimStripeEvent, saveCard, stripeEventProcessed, updateCollection, type Database, type Transaction } from "@halcyon/db";
import type Stripe from "stripe";
import { recordAudit } from "../audit/audit";
import { recordPayment } from "../billing";
import type { ClinicServices } from "../context";
import { AppError } from "../errors";
import { recordFailedCharge } from "./failed-charge";
import { CARDS_NOT_OFFERED, stripeCall } from "./stripe-errors";

const NOT_SIGNED = "This request is not signed by the clinic's Stripe account.";

/** What an event needs from Stripe before its transaction (no network call inside one). */
interface Fetched {
  card?: { paymentMethodId: string; brand: string | null; last4: string | null };
}

/**
 * Verifies a webhook request (its raw body, exactly as sent, and its Stripe-Signature header)
 * and applies the event once. Refused (400, nothing written) unless Stripe signed it.
 */
export async function receiveStripeEvent(services: ClinicServices, rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
  const cards = services.cards;
  if (!cards) throw new AppError("NOT_FOUND", CARDS_NOT_OFFERED);
  let event: Stripe.Event;
  try {
    event = cards.stripe.webhooks.constructEvent(rawBody, signature ?? "", cards.webhookSecret);
  } catch (error) {
    throw new AppError("INVALID_INPUT", NOT_SIGNED, { cause: error });
  }
  if (await stripeEventProcessed(services.db, event.id)) return { received: true };
  const fetched = await fetchFor(cards.stripe, event);
  await services.db.transaction().execute(async (trx) => {
    if (!(await claimStripeEvent(trx, { id: event.id, type: event.type, processedAt: services.now().toISOString() }))) return;
    await apply(services, trx, event, fetched);
  });
  return { received: true };
}

async function fetchFor(stripe: Stripe, event: Stripe.Event): Promise<Fetched> {
  if (event.type !== "checkout.session.completed" || event.data.object.mode !== "setup") return {};
  const setupIntentId = idOf(event.data.object.setup_intent);
  if (!setupIntentId) return {};
  const setupIntent = await stripeCall(() => stripe.setupIntents.retrieve(setupIntentId, { expand: ["payment_method"] }));
  const method = setupIntent.payment_method;
  if (!method) return {};
  if (typeof method === "string") return { card: { paymentMethodId: method, brand: null, last4: null } };
  return { card: { paymentMethodId: method.id, brand: method.card?.brand ?? null, last4: method.card?.last4 ?? null } };
}

function idOf(reference: string | { id: string } | null | undefined): string | null {
  if (!reference) return null;
  return typeof reference === "string" ? reference : reference.id;
}

/** Halcyon's ids in an object's metadata; an object without them is not the clinic's, and is left alone. */
function ourIds(metadata: Stripe.Metadata | null | undefined): { patientId: number; invoiceId: number | null; collectionId: number | null } | null {
  const id = (name: string) => (metadata?.[name] && /^\d+$/.test(metadata[name]) ? Number(metadata[name]) : null);
  const patientId = id("halcyonPatientId");
  return patientId === null ? null : { patientId, invoiceId: id("halcyonInvoiceId"), collectionId: id("halcyonCollectionId") };
}

async function apply(services: ClinicServices, trx: Transaction<Database>, event: Stripe.Event, fetched: Fetched): Promise<void> {
  const at = services.now().toISOString();
  switch (event.type) {
    case "payment_intent.succeeded": {
      const intent = event.data.object;
      await recordCardPayment(services, trx, { intentId: intent.id, amountMinor: intent.amount_received, metadata: intent.metadata, created: event.created });
      return;
    }
    case "checkout.session.completed": {
      const session = event.data.object;
      const intentId = idOf(session.payment_intent);
      // The same payment as the PaymentIntent's own event: whichever comes first records it.
      if (session.mode === "payment" && session.payment_status === "paid" && intentId && session.amount_total !== null) {
        await recordCardPayment(services, trx, { intentId, amountMinor: session.amount_total, metadata: session.metadata, created: event.created });
      }
      const customerId = idOf(session.customer);
      if (session.mode === "setup" && fetched.card && customerId) {
        const patientId = await saveCard(trx, { stripeCustomerId: customerId, ...fetched.card, savedAt: at });
        if (patientId !== undefined) {
          await recordAudit(
            services,
            { actorId: patientId, action: "billing.card_save", outcome: "success", targetType: "patient", targetId: String(patientId) },
            trx,
          );
        }
      }
      return;
    }
    case "payment_intent.payment_failed": {
      const intent = event.data.object;
      const ids = ourIds(intent.metadata);
      if (ids?.collectionId) {
        await recordFailedCharge(services, trx, {
          collectionId: ids.collectionId,
          paymentIntentId: intent.id,
          failureReason: failureReason(intent.last_payment_error),
        });
      }
      return;
    }
    default:
      // Other events are acknowledged (Stripe stops resending them) and kept as processed.
      return;
  }
}

/** Stripe's reason for a failed charge, as it words it. */
export function failureReason(error: { message?: string; decline_code?: string; code?: string } | null | undefined): string {
  return error?.message ?? error?.decline_code ?? error?.code ?? "The card was declined.";
}

async function recordCardPayment(
  services: ClinicServices,
  trx: Transaction<Database>,
  paid: { intentId: string; amountMinor: number; metadata: Stripe.Metadata | null; created: number },
): Promise<void> {
  const ids = ourIds(paid.metadata);
  if (!ids || paid.amountMinor <= 0) return;
  await recordPayment(services, trx, {
    patientId: ids.patientId,
    ...(ids.invoiceId !== null ? { invoiceId: ids.invoiceId } : {}),
    method: "card",
    reference: paid.intentId,
    amountMinor: paid.amountMinor,
    receivedAt: new Date(paid.created * 1000).toISOString(),
    stripePaymentIntentId: paid.intentId,
  });
  if (ids.collectionId !== null)
    await updateCollection(trx, ids.collectionId, { status: "paid", paymentIntentId: paid.intentId, failureReason: null, at: services.now().toISOString() });
}
