// What a patient and the admins are shown of card payments: whether the clinic takes cards, the
// patient's saved card and consent, and a failed nightly charge with Stripe's reason.
import { failedCollections, findSavedCard, latestCollection, type User } from "@halcyon/db";
import type { RequestContext } from "../context";
import { CARD_CONSENT_TEXT } from "./card-consent";
import type { CardStatus, FailedCharge } from "./payments.schema";

type Caller = RequestContext & { user: User };

export async function myCardStatus(ctx: Caller): Promise<CardStatus> {
  const [card, latest] = await Promise.all([findSavedCard(ctx.db, ctx.user.id), latestCollection(ctx.db, ctx.user.id)]);
  return {
    offered: ctx.cards !== null,
    consentText: CARD_CONSENT_TEXT,
    card:
      card?.paymentMethodId && card.savedAt
        ? { brand: card.brand, last4: card.last4, savedAt: card.savedAt, consentText: card.consentText, consentedAt: card.consentedAt }
        : null,
    // Shown until a later night's charge goes through.
    failedCharge:
      latest?.status === "failed"
        ? { amountMinor: latest.amountMinor, currency: latest.currency, night: latest.night, reason: latest.failureReason ?? "The card was declined." }
        : null,
  };
}

const FAILED_LIST_LIMIT = 200;

export async function failedCharges(ctx: Caller): Promise<FailedCharge[]> {
  const rows = await failedCollections(ctx.db, FAILED_LIST_LIMIT);
  return rows.map((row) => ({
    patientId: row.patientId,
    patientName: `${row.firstName} ${row.lastName}`,
    amountMinor: row.amountMinor,
    currency: row.currency,
    night: row.night,
    reason: row.failureReason ?? "The card was declined.",
    at: row.updatedAt,
  }));
}
