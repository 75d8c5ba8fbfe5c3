// Money received from a patient, by hand or by card. Each payment has its 'payment' ledger entry
// (written with it, by the domain); refunds are 'refund' entries naming the payment.
import type { PaymentMethod } from "../schema";
import type { Db } from "./db";

export interface Payment {
  id: number;
  patientId: number;
  invoiceId: number | null;
  method: PaymentMethod;
  reference: string;
  amountMinor: number;
  currency: string;
  receivedAt: string;
  recordedBy: number | null;
  stripePaymentIntentId: string | null;
  createdAt: string;
}

export type NewPayment = Omit<Payment, "id">;

function paymentQuery(db: Db) {
  return db.selectFrom("payments").selectAll();
}

function toPayment(row: Awaited<ReturnType<ReturnType<typeof paymentQuery>["executeTakeFirstOrThrow"]>>): Payment {
  return {
    id: row.id,
    patientId: row.patient_id,
    invoiceId: row.invoice_id,
    method: row.method,
    reference: row.reference,
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    receivedAt: row.received_at,
    recordedBy: row.recorded_by,
    stripePaymentIntentId: row.stripe_payment_intent_id,
    createdAt: row.created_at,
  };
}

export async function insertPayment(db: Db, payment: NewPayment): Promise<number> {
  const row = await db
    .insertInto("payments")
    .values({
      patient_id: payment.patientId,
      invoice_id: payment.invoiceId,
      method: payment.method,
      reference: payment.reference,
      amount_minor: payment.amountMinor,
      currency: payment.currency,
      received_at: payment.receivedAt,
      recorded_by: payment.recordedBy,
      stripe_payment_intent_id: payment.stripePaymentIntentId,
      created_at: payment.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findPayment(db: Db, id: number): Promise<Payment | undefined> {
  const row = await paymentQuery(db).where("id", "=", id).executeTakeFirst();
  return row && toPayment(row);
}

export async function findPaymentByIntent(db: Db, stripePaymentIntentId: string): Promise<Payment | undefined> {
  const row = await paymentQuery(db).where("stripe_payment_intent_id", "=", stripePaymentIntentId).executeTakeFirst();
  return row && toPayment(row);
}

export interface PaymentWithRefunds extends Payment {
  /** Refunded so far, in minor units. */
  refundedMinor: number;
}

/** A patient's payments, newest first, with what was refunded of each. */
export async function paymentsOf(db: Db, patientId: number): Promise<PaymentWithRefunds[]> {
  return withRefunds(db, await paymentQuery(db).where("patient_id", "=", patientId).orderBy("received_at", "desc").orderBy("id", "desc").execute());
}

/** The payments applied to an invoice, with what was refunded of each. */
export async function paymentsOfInvoice(db: Db, invoiceId: number): Promise<PaymentWithRefunds[]> {
  return withRefunds(db, await paymentQuery(db).where("invoice_id", "=", invoiceId).orderBy("id").execute());
}

async function withRefunds(db: Db, rows: Awaited<ReturnType<ReturnType<typeof paymentQuery>["execute"]>>): Promise<PaymentWithRefunds[]> {
  const ids = rows.map((row) => row.id);
  const refunds =
    ids.length === 0
      ? []
      : await db
          .selectFrom("ledger_entries")
          .select((eb) => ["payment_id", eb.fn.sum<number>("amount_minor").as("refunded")])
          .where("kind", "=", "refund")
          .where("payment_id", "in", ids)
          .groupBy("payment_id")
          .execute();
  const refunded = new Map(refunds.map((row) => [row.payment_id, Number(row.refunded)]));
  return rows.map((row) => ({ ...toPayment(row), refundedMinor: refunded.get(row.id) ?? 0 }));
}
