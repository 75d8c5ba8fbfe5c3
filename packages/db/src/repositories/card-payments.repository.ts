// Payments by card (see the migration 2026-12-01T1000-card-payments): processed Stripe events,
// saved cards and their consent, and the nightly collections. The money itself is core's
// (payments, ledger_entries), written through its functions only.
import type { CardCollectionStatus } from "../schema";
import type { Db } from "./db";

/**
 * Claims a Stripe event for processing inside the transaction of its effects: false when it was
 * processed already (its effects are there, and must not be written twice).
 */
export async function claimStripeEvent(db: Db, event: { id: string; type: string; processedAt: string }): Promise<boolean> {
  const inserted = await db
    .insertInto("stripe_events")
    .values({ id: event.id, type: event.type, processed_at: event.processedAt })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function stripeEventProcessed(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom("stripe_events").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

export interface SavedCard {
  patientId: number;
  stripeCustomerId: string;
  paymentMethodId: string | null;
  brand: string | null;
  last4: string | null;
  savedAt: string | null;
  consentText: string | null;
  consentedAt: string | null;
}

export async function findSavedCard(db: Db, patientId: number): Promise<SavedCard | undefined> {
  const row = await db.selectFrom("saved_cards").selectAll().where("patient_id", "=", patientId).executeTakeFirst();
  return row && asSavedCard(row);
}

function asSavedCard(row: {
  patient_id: number;
  stripe_customer_id: string;
  payment_method_id: string | null;
  brand: string | null;
  last4: string | null;
  saved_at: string | null;
  consent_text: string | null;
  consented_at: string | null;
}): SavedCard {
  return {
    patientId: row.patient_id,
    stripeCustomerId: row.stripe_customer_id,
    paymentMethodId: row.payment_method_id,
    brand: row.brand,
    last4: row.last4,
    savedAt: row.saved_at,
    consentText: row.consent_text,
    consentedAt: row.consented_at,
  };
}

/** Keeps a patient's Stripe customer; a second writer (another tab) leaves the first one in place. */
export async function insertStripeCustomer(db: Db, patientId: number, stripeCustomerId: string, createdAt: string): Promise<void> {
  await db
    .insertInto("saved_cards")
    .values({ patient_id: patientId, stripe_customer_id: stripeCustomerId, created_at: createdAt })
    .onConflict((conflict) => conflict.column("patient_id").doNothing())
    .execute();
}

export async function recordCardConsent(db: Db, patientId: number, consent: { text: string; at: string; ip: string | null }): Promise<void> {
  await db
    .updateTable("saved_cards")
    .set({ consent_text: consent.text, consented_at: consent.at, consent_ip: consent.ip })
    .where("patient_id", "=", patientId)
    .execute();
}

/** The card Checkout saved for the customer; the patient is found by their Stripe customer. */
export async function saveCard(
  db: Db,
  card: { stripeCustomerId: string; paymentMethodId: string; brand: string | null; last4: string | null; savedAt: string },
): Promise<number | undefined> {
  const row = await db
    .updateTable("saved_cards")
    .set({ payment_method_id: card.paymentMethodId, brand: card.brand, last4: card.last4, saved_at: card.savedAt })
    .where("stripe_customer_id", "=", card.stripeCustomerId)
    .returning("patient_id")
    .executeTakeFirst();
  return row?.patient_id;
}

/** Patients whose card may be charged: a card saved, and consent given. */
export async function chargeableCards(db: Db): Promise<SavedCard[]> {
  const rows = await db
    .selectFrom("saved_cards")
    .selectAll()
    .where("payment_method_id", "is not", null)
    .where("consented_at", "is not", null)
    .orderBy("patient_id")
    .execute();
  return rows.map(asSavedCard);
}

export interface CardCollection {
  id: number;
  patientId: number;
  night: string;
  amountMinor: number;
  currency: string;
  paymentIntentId: string | null;
  status: CardCollectionStatus;
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
}

type CollectionRow = {
  id: number;
  patient_id: number;
  night: string;
  amount_minor: number;
  currency: string;
  payment_intent_id: string | null;
  status: CardCollectionStatus;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
};

function asCollection(row: CollectionRow): CardCollection {
  return {
    id: row.id,
    patientId: row.patient_id,
    night: row.night,
    amountMinor: row.amount_minor,
    currency: row.currency,
    paymentIntentId: row.payment_intent_id,
    status: row.status,
    failureReason: row.failure_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Starts tonight's charge of a patient's card: the collection's id, or undefined when this night
 * has one for the patient already (another run, another instance), which is then left alone.
 */
export async function startCollection(
  db: Db,
  collection: { patientId: number; night: string; amountMinor: number; currency: string; at: string },
): Promise<number | undefined> {
  const row = await db
    .insertInto("card_collections")
    .values({
      patient_id: collection.patientId,
      night: collection.night,
      amount_minor: collection.amountMinor,
      currency: collection.currency,
      status: "charging",
      created_at: collection.at,
      updated_at: collection.at,
    })
    .onConflict((conflict) => conflict.columns(["patient_id", "night"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

/**
 * A charge of the patient, since `since`, whose payment is not recorded yet: while one is, no
 * other is started (what it charged is still in the balance).
 */
export async function collectionInFlight(db: Db, patientId: number, since: string): Promise<boolean> {
  const row = await db
    .selectFrom("card_collections")
    .select("id")
    .where("patient_id", "=", patientId)
    .where("status", "in", ["charging", "charged"])
    .where("updated_at", ">", since)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Moves a collection on. A paid collection stays paid: Stripe's events may arrive in any order,
 * and a failure told after the success (an earlier attempt) changes nothing. Answers the
 * patient's id when the collection changed, undefined when it was paid already (or is no more).
 */
export async function updateCollection(
  db: Db,
  id: number,
  change: { status: CardCollectionStatus; paymentIntentId?: string; failureReason?: string | null; at: string },
): Promise<number | undefined> {
  const row = await db
    .updateTable("card_collections")
    .set({
      status: change.status,
      updated_at: change.at,
      ...(change.paymentIntentId !== undefined ? { payment_intent_id: change.paymentIntentId } : {}),
      ...(change.failureReason !== undefined ? { failure_reason: change.failureReason } : {}),
    })
    .where("id", "=", id)
    .where("status", "!=", "paid")
    .returning("patient_id")
    .executeTakeFirst();
  return row?.patient_id;
}

/** The patient's latest collection: a failed one is shown to them until a later one is paid. */
export async function latestCollection(db: Db, patientId: number): Promise<CardCollection | undefined> {
  const row = await db.selectFrom("card_collections").selectAll().where("patient_id", "=", patientId).orderBy("id", "desc").limit(1).executeTakeFirst();
  return row && asCollection(row);
}

/** Failed charges, newest first, with the patient's name: the admins' list. */
export async function failedCollections(db: Db, limit: number): Promise<(CardCollection & { firstName: string; lastName: string })[]> {
  const rows = await db
    .selectFrom("card_collections")
    .innerJoin("users", "users.id", "card_collections.patient_id")
    .selectAll("card_collections")
    .select(["users.first_name", "users.last_name"])
    .where("card_collections.status", "=", "failed")
    .orderBy("card_collections.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...asCollection(row), firstName: row.first_name, lastName: row.last_name }));
}
