import { z } from "zod";
import { roleProcedure, router } from "../trpc";
import { myCardStatus, failedCharges } from "./card-status";
import { payInvoiceByCard, saveCardByCheckout } from "./checkout";
import { refundCardPayment } from "./card-refund";
import {
  cardRefundInputSchema,
  cardRefundSchema,
  cardStatusSchema,
  checkoutSchema,
  failedChargeSchema,
  payInvoiceInputSchema,
  saveCardInputSchema,
} from "./payments.schema";

/** Payments by card through Stripe (its webhook is a plain route: POST /api/payments/stripe/webhook). */
export const paymentsRouter = router({
  myCard: roleProcedure("patient")
    .meta({
      openapi: {
        method: "GET",
        path: "/payments/card",
        tags: ["payments"],
        summary: "Whether the clinic takes cards, the caller's saved card and consent, and a failed nightly charge",
        protect: true,
      },
    })
    .input(z.void())
    .output(cardStatusSchema)
    .query(({ ctx }) => myCardStatus(ctx)),

  payInvoice: roleProcedure("patient")
    .meta({
      openapi: {
        method: "POST",
        path: "/payments/invoices/{invoiceId}/checkout",
        tags: ["payments"],
        summary: "Pay one of one's own invoices by card, on Stripe Checkout",
        description: "Answers Checkout's URL; the payment is recorded when Stripe's signed event tells of it. Someone else's invoice: 404. Paid already: 409.",
        protect: true,
      },
    })
    .input(payInvoiceInputSchema)
    .output(checkoutSchema)
    .mutation(({ ctx, input }) => payInvoiceByCard(ctx, input.invoiceId)),

  saveCard: roleProcedure("patient")
    .meta({
      openapi: {
        method: "POST",
        path: "/payments/card/checkout",
        tags: ["payments"],
        summary: "Consent to nightly charges and save a card, on Stripe Checkout (setup mode)",
        description: "The consent's text, as shown, is kept. Answers Checkout's URL; the card is saved when Stripe's signed event tells of it.",
        protect: true,
      },
    })
    .input(saveCardInputSchema)
    .output(checkoutSchema)
    .mutation(({ ctx, input }) => saveCardByCheckout(ctx, input.consentText)),

  failedCharges: roleProcedure("admin")
    .meta({
      openapi: {
        method: "GET",
        path: "/payments/failed-charges",
        tags: ["payments"],
        summary: "Nightly card charges that failed, with Stripe's reason (admins)",
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(failedChargeSchema))
    .query(({ ctx }) => failedCharges(ctx)),

  refund: roleProcedure("admin")
    .meta({
      openapi: {
        method: "POST",
        path: "/payments/{paymentId}/card-refund",
        tags: ["payments"],
        summary: "Refund a card payment, whole or in part, through Stripe (admins)",
        description: "Refused over what is left of the payment (400), and for a payment not made by card (409).",
        protect: true,
      },
    })
    .input(cardRefundInputSchema)
    .output(cardRefundSchema)
    .mutation(({ ctx, input }) => refundCardPayment(ctx, input)),
});
