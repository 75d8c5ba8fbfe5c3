// Card payments (issue 35): the nightly charge of a saved card did not go through. The notice says
// only that a payment to the clinic failed and where to see it, never the amount or Stripe's
// reason. The amount is not health information, but it is the one thing here that could be: a
// recurring sum to a clinic matches its published fees for a kind of visit, and an inbox preview
// shows it to whoever holds the phone. The patient sees the amount and the card's reason on the
// Billing page, after signing in, which is where they act on it anyway. Switchable (the
// "payments" topic): the failure is also shown in the app, so the email is a courtesy.
import { defineNoticeKind } from "../notice-content";

export const PAYMENT_NOTICE_KINDS = {
  card_payment_failed: defineNoticeKind<Record<string, never>>({
    topic: "payments",
    essential: false,
    channels: ["email"],
    subject: (_params, _to, clinic) => `A payment to ${clinic.clinicName} did not go through`,
    compose: (_params, to, clinic) => ({
      preview: "Your saved card could not be charged. You can put it right under Billing.",
      heading: `Hello ${to.firstName},`,
      paragraphs: [
        `We tried to charge the card you saved with ${clinic.clinicName} for what is due on your account, and the payment did not go through.`,
        "You can see why under Billing, and pay there or save another card. We will try your saved card again the next night.",
      ],
      actions: [{ label: "Open Billing", link: { path: "/billing" } }],
    }),
    examples: [{}],
  }),
};
