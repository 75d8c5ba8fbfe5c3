// What tests of card payments start from, written through core's own functions: an open invoice,
// and a payment made by card (as Stripe's signed event records one).
import { randomBytes } from "node:crypto";
import { insertLedgerEntry } from "@halcyon/db";
import { issueInvoice, recordPayment } from "@halcyon/domain";
import type { FastifyInstance } from "fastify";

/** A charge of `amountMinor` on the patient's ledger, invoiced: the invoice's id. */
export function anOpenInvoice(app: FastifyInstance, patientId: number, amountMinor: number): Promise<number> {
  const services = app.clinic;
  return services.db.transaction().execute(async (trx) => {
    const entry = { patientId, kind: "charge" as const, amountMinor, currency: services.config.billing.currency, createdAt: services.now().toISOString() };
    await insertLedgerEntry(trx, { ...entry, appointmentId: null, paymentId: null, reversesId: null, reason: null, createdBy: null });
    return issueInvoice(services, trx, { patientId, by: null });
  });
}

/** A payment of the patient's by card, with a PaymentIntent id of its own: the payment's id and the intent's. */
export async function aCardPayment(app: FastifyInstance, patientId: number, amountMinor: number): Promise<{ paymentId: number; intent: string }> {
  const intent = `pi_test${randomBytes(8).toString("hex")}`;
  const paymentId = await app.clinic.db.transaction().execute((trx) =>
    recordPayment(app.clinic, trx, {
      patientId,
      method: "card",
      reference: intent,
      amountMinor,
      receivedAt: app.clinic.now().toISOString(),
      stripePaymentIntentId: intent,
    }),
  );
  return { paymentId, intent };
}
