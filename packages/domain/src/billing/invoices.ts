// Invoices: ledger entries gathered under a number that never repeats. The number comes from a
// counter that only counts up, taken in the issuing transaction: a rolled-back issue skips no
// visible number twice, and none is reused.
// Invoices make themselves, as in the practice systems patients know: a session's charge or an
// approved fee is invoiced the moment it is posted (invoiceAsPosted, called by the ledger's one
// writer, so no caller can forget it), and the reversal of an invoiced entry joins that invoice as
// a credit line. What is left over (an admin's adjustments) waits for the admin's issueInvoice.
import {
  addInvoiceItem,
  findInvoice,
  holdPatientLedger,
  insertInvoice,
  invoiceLines,
  invoiceOfEntry,
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
import type { EntryFacts, MoneyServices } from "./ledger";

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

/** Issues an invoice of everything the patient has not been invoiced for (an admin's adjustments, mostly); answers its id. */
export async function issueInvoice(services: MoneyServices, trx: Transaction<Database>, input: { patientId: number; by: number | null }): Promise<number> {
  await holdPatientLedger(trx, input.patientId);
  const entries = await uninvoicedEntryIds(trx, input.patientId);
  const total = entries.reduce((sum, entry) => sum + entry.amountMinor, 0);
  if (entries.length === 0 || total <= 0)
    throw new AppError("CONFLICT", "There is nothing to invoice: every charge and fee is on an invoice already, and no adjustment is left over.");
  return writeInvoice(services, trx, { patientId: input.patientId, entries, total, by: input.by });
}

/**
 * What posting an entry does to invoices, in the posting transaction: a charge or a fee is
 * invoiced alone at once; the reversal of an invoiced entry is credited on that entry's invoice
 * (so a waived fee's invoice comes to nothing, rather than staying open to be paid). Anything
 * else waits for issueInvoice.
 */
export async function invoiceAsPosted(services: MoneyServices, trx: Transaction<Database>, entry: EntryFacts & { id: number }): Promise<void> {
  if (entry.kind === "charge" || entry.kind === "fee") {
    if (entry.amountMinor <= 0) return;
    await writeInvoice(services, trx, { patientId: entry.patientId, entries: [entry], total: entry.amountMinor, by: entry.createdBy });
  } else if (entry.kind === "reversal" && entry.reversesId != null) {
    const invoiceId = await invoiceOfEntry(trx, entry.reversesId);
    if (invoiceId !== undefined) await addInvoiceItem(trx, invoiceId, entry.id);
  }
}

async function writeInvoice(
  services: MoneyServices,
  trx: Transaction<Database>,
  input: { patientId: number; entries: { id: number }[]; total: number; by: number | null },
): Promise<number> {
  const { patientId, entries, total } = input;
  const number = invoiceNumber(await nextInvoiceCounter(trx));
  const id = await insertInvoice(trx, {
    number,
    patientId,
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
      details: { number, patientId, totalMinor: total, entries: entries.length },
    },
    trx,
  );
  return id;
}
