import { z } from "zod";
import { idOf } from "../record-id";

const minorUnits = z.number().int().describe("An amount in the currency's minor units (cents)");

export const cardStatusSchema = z
  .object({
    offered: z.boolean().describe("Whether the clinic takes cards (Stripe is set up); if not, payments are by hand only"),
    consentText: z.string().describe("The consent a patient ticks before saving a card, to be sent back as read"),
    card: z
      .object({
        brand: z.string().nullable(),
        last4: z.string().nullable(),
        savedAt: z.string(),
        consentText: z.string().nullable().describe("The consent's text as the patient agreed to it"),
        consentedAt: z.string().nullable(),
      })
      .nullable(),
    failedCharge: z
      .object({ amountMinor: minorUnits, currency: z.string(), night: z.string(), reason: z.string().describe("Stripe's reason, as it gave it") })
      .nullable()
      .describe("The last nightly charge, when it failed and none has succeeded since"),
  })
  .meta({ id: "CardStatus" });
export type CardStatus = z.infer<typeof cardStatusSchema>;

export const failedChargeSchema = z
  .object({
    patientId: z.number().int(),
    patientName: z.string(),
    amountMinor: minorUnits,
    currency: z.string(),
    night: z.string(),
    reason: z.string(),
    at: z.string(),
  })
  .meta({ id: "FailedCharge" });
export type FailedCharge = z.infer<typeof failedChargeSchema>;

export const checkoutSchema = z.object({ url: z.string().describe("Stripe Checkout's page: send the browser there") }).meta({ id: "CheckoutRedirect" });

export const payInvoiceInputSchema = z.object({ invoiceId: idOf("The invoice") });

export const saveCardInputSchema = z.object({
  consent: z.literal(true, { error: "Tick the box to agree to be charged, or pay each invoice yourself." }),
  consentText: z.string().min(1).max(2000).describe("The consent's text as shown (cardStatus.consentText)"),
});

export const cardRefundInputSchema = z.object({
  paymentId: idOf("The payment"),
  amountMinor: z.number({ error: "Give the amount to refund." }).int("Give the amount in cents.").positive("Refund more than nothing."),
  reason: z.string().trim().min(3, "Say why, in a few words.").max(500),
});

export const cardRefundSchema = z
  .object({ refundId: z.string(), status: z.string().describe("Stripe's status of the refund: succeeded or pending") })
  .meta({ id: "CardRefund" });
