// A patient's customer at Stripe, made the first time they pay by card or save one, and kept in
// saved_cards. Stripe is told nothing about the patient but Halcyon's id for them: no name, no
// email, nothing that says what the clinic treats.
import { findSavedCard, insertStripeCustomer } from "@halcyon/db";
import type { ClinicServices } from "../context";
import type { CardGateway } from "./stripe-client";
import { stripeCall } from "./stripe-errors";

export async function stripeCustomerOf(services: ClinicServices, cards: CardGateway, patientId: number): Promise<string> {
  const known = await findSavedCard(services.db, patientId);
  if (known) return known.stripeCustomerId;
  const customer = await stripeCall(() => cards.stripe.customers.create({ metadata: { halcyonPatientId: String(patientId) } }));
  await insertStripeCustomer(services.db, patientId, customer.id, services.now().toISOString());
  // Another tab may have made one first: theirs is kept, and this one is never used.
  return (await findSavedCard(services.db, patientId))!.stripeCustomerId;
}
