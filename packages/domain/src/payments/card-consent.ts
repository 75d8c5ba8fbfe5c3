// The consent a patient gives, by ticking a box, before the clinic may charge a saved card. Its
// text is kept with the card exactly as it was read (as consents and intake keep signed text), so
// a later change of wording never rewrites what someone agreed to.

/** What the patient reads beside the box; a new wording is a new constant, never an edit in place. */
export const CARD_CONSENT_TEXT =
  "I authorise the clinic to charge this card, through Stripe, for the fees I owe once they are approved: " +
  "session fees, and late-cancellation or no-show fees under the clinic's policy. Charges are made once a night, " +
  "and each appears under Billing. I can remove the card or withdraw this consent at any time by writing to the clinic.";
