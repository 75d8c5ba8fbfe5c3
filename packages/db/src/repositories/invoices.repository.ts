// Invoices: ledger entries gathered under a number that never repeats (billing_counters only
// counts up, in the issuing transaction). An invoice's total is the sum of its items, so the
// reversal of one of its lines (a waived fee) joins it as a credit line and lowers what it comes
// to (invoices.total_minor keeps the total as issued). An invoice is paid when the payments
// applied to it, less their refunds, cover its total.
import { sql } from "kysely";
import type { LedgerEntryKind } from "../schema";
import type { Db } from "./db";

export interface Invoice {
  id: number;
  number: string;
  patientId: number;
  patientName: string;
  currency: string;
  issuedAt: string;
  /** The sum of its items: as issued, less any credit (a reversal of one of its lines) since. */
  totalMinor: number;
  /** Payments applied to it, less their refunds. */
  paidMinor: number;
  issuedBy: number | null;
}

export interface InvoiceLine {
  entryId: number;
  kind: LedgerEntryKind;
  amountMinor: number;
  appointmentId: number | null;
  sessionStart: string | null;
  serviceName: string | null;
  cptCode: string | null;
  reason: string | null;
  createdAt: string;
}

/** The next invoice number's counter value; call inside the issuing transaction. */
export async function nextInvoiceCounter(db: Db): Promise<number> {
  const row = await db
    .updateTable("billing_counters")
    .set((eb) => ({ value: eb("value", "+", 1) }))
    .where("name", "=", "invoice")
    .returning("value")
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

export async function insertInvoice(
  db: Db,
  invoice: { number: string; patientId: number; currency: string; issuedAt: string; totalMinor: number; issuedBy: number | null; entryIds: number[] },
): Promise<number> {
  const row = await db
    .insertInto("invoices")
    .values({
      number: invoice.number,
      patient_id: invoice.patientId,
      currency: invoice.currency,
      issued_at: invoice.issuedAt,
      total_minor: invoice.totalMinor,
      issued_by: invoice.issuedBy,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (invoice.entryIds.length > 0) {
    await db
      .insertInto("invoice_items")
      .values(invoice.entryIds.map((entryId) => ({ invoice_id: row.id, entry_id: entryId })))
      .execute();
  }
  return row.id;
}

/** Adds a credit line to an issued invoice: the reversal of one of its entries. */
export async function addInvoiceItem(db: Db, invoiceId: number, entryId: number): Promise<void> {
  await db.insertInto("invoice_items").values({ invoice_id: invoiceId, entry_id: entryId }).execute();
}

/** The patient's charges, fees, adjustments and reversals on no invoice yet, oldest first. */
export async function uninvoicedEntryIds(db: Db, patientId: number): Promise<{ id: number; amountMinor: number }[]> {
  const rows = await db
    .selectFrom("ledger_entries as l")
    .leftJoin("invoice_items as i", "i.entry_id", "l.id")
    .select(["l.id", "l.amount_minor"])
    .where("l.patient_id", "=", patientId)
    .where("l.kind", "in", ["charge", "fee", "adjustment", "reversal"])
    .where("i.entry_id", "is", null)
    .orderBy("l.id")
    .execute();
  return rows.map((row) => ({ id: row.id, amountMinor: Number(row.amount_minor) }));
}

function invoiceQuery(db: Db) {
  return db
    .selectFrom("invoices as v")
    .innerJoin("users as p", "p.id", "v.patient_id")
    .select((eb) => [
      "v.id",
      "v.number",
      "v.patient_id",
      "p.first_name",
      "p.last_name",
      "v.currency",
      "v.issued_at",
      "v.issued_by",
      eb
        .selectFrom("invoice_items as it")
        .innerJoin("ledger_entries as li", "li.id", "it.entry_id")
        .select(sql<number>`coalesce(sum(li.amount_minor), 0)`.as("total"))
        .whereRef("it.invoice_id", "=", "v.id")
        .as("total"),
      // Payments applied to it (each payment's −amount) and their refunds (+amount), as a positive sum.
      eb
        .selectFrom("ledger_entries as l")
        .innerJoin("payments as pay", "pay.id", "l.payment_id")
        .select(sql<number>`coalesce(-sum(l.amount_minor), 0)`.as("paid"))
        .whereRef("pay.invoice_id", "=", "v.id")
        .as("paid"),
    ]);
}

function toInvoice(row: Awaited<ReturnType<ReturnType<typeof invoiceQuery>["executeTakeFirstOrThrow"]>>): Invoice {
  return {
    id: row.id,
    number: row.number,
    patientId: row.patient_id,
    patientName: `${row.first_name} ${row.last_name}`,
    currency: row.currency,
    issuedAt: row.issued_at,
    totalMinor: Number(row.total ?? 0),
    paidMinor: Number(row.paid ?? 0),
    issuedBy: row.issued_by,
  };
}

/** A patient's invoices, newest first. */
export async function invoicesOf(db: Db, patientId: number): Promise<Invoice[]> {
  return (await invoiceQuery(db).where("v.patient_id", "=", patientId).orderBy("v.id", "desc").execute()).map(toInvoice);
}

export async function findInvoice(db: Db, id: number): Promise<Invoice | undefined> {
  const row = await invoiceQuery(db).where("v.id", "=", id).executeTakeFirst();
  return row && toInvoice(row);
}

/** An invoice's lines, with the session and service of each charge or fee. */
export async function invoiceLines(db: Db, invoiceId: number): Promise<InvoiceLine[]> {
  const rows = await db
    .selectFrom("invoice_items as i")
    .innerJoin("ledger_entries as l", "l.id", "i.entry_id")
    .leftJoin("appointments as a", "a.id", "l.appointment_id")
    .leftJoin("clinic_services as s", "s.id", "a.service_id")
    .select(["l.id", "l.kind", "l.amount_minor", "l.appointment_id", "a.start_time", "s.name", "s.cpt_code", "l.reason", "l.created_at"])
    .where("i.invoice_id", "=", invoiceId)
    .orderBy("l.id")
    .execute();
  return rows.map((row) => ({
    entryId: row.id,
    kind: row.kind,
    amountMinor: Number(row.amount_minor),
    appointmentId: row.appointment_id,
    sessionStart: row.start_time,
    serviceName: row.name,
    cptCode: row.cpt_code,
    reason: row.reason,
    createdAt: row.created_at,
  }));
}

/** The invoice an entry is on, if any. */
export async function invoiceOfEntry(db: Db, entryId: number): Promise<number | undefined> {
  const row = await db.selectFrom("invoice_items").select("invoice_id").where("entry_id", "=", entryId).executeTakeFirst();
  return row?.invoice_id;
}
