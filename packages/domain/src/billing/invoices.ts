// Invoices: a patient's charges, fees, adjustments and reversals not yet invoiced, gathered under
// a number that never repeats. The number comes from a counter that only counts up, taken in the
// issuing transaction: a rolled-back issue skips no visible number twice, and none is reused.
import {
  findInvoice,
  holdPatientLedger,
  insertInvoice,
  invoiceLines,
  invoicesOf,
  nextInvoiceCounter,
  paymentsOfInvoice,
  uninvoicedEntryIds,
  type Database,
  type Db,
  type Invoice,
  type InvoiceLine,
  type PaymentWithRefunds,
  type Transaction,
} from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { AppError } from "../errors";
import type { MoneyServices } from "./ledger";

/** The invoice number of the counter's value n: INV-000042 (six digits, more once past a million). */
export function invoiceNumber(n: number): string {
  return `INV-${String(n).padStart(6, "0")}`;
}

/** A patient's invoices, newest first, with what has been paid of each. */
export async function listInvoices(db: Db, patientId: number): Promise<Invoice[]> {
  return invoicesOf(db, patientId);
}

export interface InvoiceWithLines extends Invoice {
  lines: InvoiceLine[];
  payments: PaymentWithRefunds[];
}

/** An invoice with its lines and the payments applied to it; undefined when there is none. */
export async function invoiceWithLines(db: Db, id: number): Promise<InvoiceWithLines | undefined> {
  const invoice = await findInvoice(db, id);
  if (!invoice) return undefined;
  const [lines, payments] = await Promise.all([invoiceLines(db, id), paymentsOfInvoice(db, id)]);
  return { ...invoice, lines, payments };
}

/** Issues an invoice of everything the patient has not been invoiced for; answers its id. */
export async function issueInvoice(services: MoneyServices, trx: Transaction<Database>, input: { patientId: number; by: number | null }): Promise<number> {
  await holdPatientLedger(trx, input.patientId);
  const entries = await uninvoicedEntryIds(trx, input.patientId);
  const total = entries.reduce((sum, entry) => sum + entry.amountMinor, 0);
  if (entries.length === 0 || total <= 0) throw new AppError("CONFLICT", "There is nothing to invoice: no charges or fees since the last invoice.");
  const number = invoiceNumber(await nextInvoiceCounter(trx));
  const id = await insertInvoice(trx, {
    number,
    patientId: input.patientId,
    currency: services.config.billing.currency,
    issuedAt: services.now().toISOString(),
    totalMinor: total,
    issuedBy: input.by,
    entryIds: entries.map((entry) => entry.id),
  });
  await recordAudit(
    services,
    {
      actorId: input.by,
      action: "billing.invoice_issue",
      outcome: "success",
      targetType: "invoice",
      targetId: id,
      ...(services.request ? { request: services.request } : {}),
      details: { number, patientId: input.patientId, totalMinor: total, entries: entries.length },
    },
    trx,
  );
  return id;
}
