// The nightly collection: once a night, in the clinic's zone, every patient who saved a card and
// consented to be charged is charged what they owe (their balance: approved charges and fees
// only, as pending fees are not on the ledger until approved). Twice in one night charges once:
// each patient's charge of a night is a row keyed (patient, night) taken before Stripe is called,
// and Stripe's idempotency key names the same (the patient's Stripe customer, the night), so even
// a retried request is one charge.
// The payment itself is recorded from Stripe's signed event, like every card payment.
import { TZDate } from "@date-fns/tz";
import { chargeableCards, collectionInFlight, startCollection, updateCollection } from "@halcyon/db";
import { format } from "date-fns";
import Stripe from "stripe";
import { recordAudit } from "../audit/audit";
import { patientBalance } from "../billing";
import type { ClinicServices } from "../context";
import { recordFailedCharge } from "./failed-charge";
import { failureReason } from "./stripe-events";

/** The clinic's clock hour from which the night's collection runs (02:00: after the day's sessions, before the next). */
export const COLLECTION_HOUR = 2;

/**
 * How long a charge waits for Stripe's word before the patient may be charged again: as long as
 * Stripe resends an event (3 days). A charge whose run stopped half-way (a crash between the row
 * and Stripe's answer) is told of by Stripe's event too, which then marks it paid.
 */
const STRIPE_RESENDS_MS = 3 * 24 * 60 * 60_000;

/** The night a run at `now` belongs to (the clinic's date), or null before the collection hour. */
export function collectionNight(now: Date, timeZone: string): string | null {
  const local = new TZDate(now, timeZone);
  return local.getHours() >= COLLECTION_HOUR ? format(local, "yyyy-MM-dd") : null;
}

export interface CollectionRun {
  night: string | null;
  charged: number;
  failed: number;
}

/** Charges tonight's saved cards; a run before the hour, or once tonight's are done, charges nothing. */
export async function collectSavedCards(services: ClinicServices): Promise<CollectionRun> {
  const night = collectionNight(services.now(), services.config.clinicTimeZone);
  const run: CollectionRun = { night, charged: 0, failed: 0 };
  const cards = services.cards;
  if (!cards || night === null) return run;
  const currency = services.config.billing.currency;
  for (const card of await chargeableCards(services.db)) {
    // A charge whose payment Stripe has not told of yet still counts in the balance.
    if (await collectionInFlight(services.db, card.patientId, new Date(services.now().getTime() - STRIPE_RESENDS_MS).toISOString())) continue;
    const owed = await patientBalance(services.db, card.patientId);
    if (owed <= 0) continue;
    const collectionId = await startCollection(services.db, {
      patientId: card.patientId,
      night,
      amountMinor: owed,
      currency,
      at: services.now().toISOString(),
    });
    if (collectionId === undefined) continue;
    const outcome = await charge(cards.stripe, { ...card, paymentMethodId: card.paymentMethodId! }, { collectionId, night, owed, currency });
    await services.db.transaction().execute(async (trx) => {
      // A declined card is told to its patient; a charge Stripe did not answer may yet have gone
      // through (its event will say), so it is only marked, not told.
      if (outcome.status === "failed" && outcome.declined) {
        await recordFailedCharge(services, trx, {
          collectionId,
          ...(outcome.paymentIntentId ? { paymentIntentId: outcome.paymentIntentId } : {}),
          failureReason: outcome.failureReason ?? "The card was declined.",
        });
      } else {
        await updateCollection(trx, collectionId, {
          status: outcome.status,
          ...(outcome.paymentIntentId ? { paymentIntentId: outcome.paymentIntentId } : {}),
          failureReason: outcome.failureReason,
          at: services.now().toISOString(),
        });
      }
      await recordAudit(
        services,
        {
          actorId: null,
          action: "billing.card_collect",
          outcome: outcome.status === "failed" ? "failure" : "success",
          targetType: "patient",
          targetId: String(card.patientId),
          details: { night, amountMinor: owed, ...(outcome.failureReason ? { reason: outcome.failureReason } : {}) },
        },
        trx,
      );
    });
    if (outcome.status === "failed") run.failed += 1;
    else run.charged += 1;
  }
  return run;
}

/** How a charge went; `declined`: the card was refused (not merely unanswered). */
type Outcome = { status: "charged" | "failed"; paymentIntentId?: string; failureReason: string | null; declined?: boolean };

async function charge(
  stripe: Stripe,
  card: { patientId: number; stripeCustomerId: string; paymentMethodId: string },
  { collectionId, night, owed, currency }: { collectionId: number; night: string; owed: number; currency: string },
): Promise<Outcome> {
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: owed,
        currency: currency.toLowerCase(),
        customer: card.stripeCustomerId,
        payment_method: card.paymentMethodId,
        // The patient is not there: Stripe charges the saved card under the consent they gave.
        off_session: true,
        confirm: true,
        metadata: { halcyonPatientId: String(card.patientId), halcyonCollectionId: String(collectionId) },
      },
      // Stripe's ids are unique across its whole account (a patient's id is not, between two
      // databases, or a restored one): the customer and the night name this charge alone.
      { idempotencyKey: `halcyon-collection-${card.stripeCustomerId}-${night}` },
    );
    if (intent.status === "succeeded" || intent.status === "processing") return { status: "charged", paymentIntentId: intent.id, failureReason: null };
    return { status: "failed", paymentIntentId: intent.id, failureReason: failureReason(intent.last_payment_error), declined: true };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      const intentId = (error.payment_intent as { id?: string } | undefined)?.id;
      return { status: "failed", ...(intentId ? { paymentIntentId: intentId } : {}), failureReason: failureReason(error), declined: true };
    }
    // Stripe did not answer: whether it charged is told by its event, which then marks this paid.
    return { status: "failed", failureReason: "Stripe did not answer; the charge will be tried again next night." };
  }
}
