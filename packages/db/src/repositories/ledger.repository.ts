// THE ledger: one signed row per money event of a patient (+ owes more, − owes less). Rows are
// only ever inserted (the database refuses update and delete); a balance is their sum.
import { sql } from "kysely";
import type { Database, LedgerEntryKind } from "../schema";
import { serialise, type Db } from "./db";
import type { Transaction } from "kysely";

const LEDGER_LOCK = 7_244_021;

/**
 * Makes money writes for one patient run one after another until the transaction ends, so that a
 * check (what is left to refund, whether a PaymentIntent is recorded) still holds when it writes.
 */
export async function holdPatientLedger(trx: Transaction<Database>, patientId: number): Promise<void> {
  await serialise(trx, LEDGER_LOCK, patientId);
}

/** Whether the clinic has any money on its books (its currency is then fixed). */
export async function ledgerHasEntries(db: Db): Promise<boolean> {
  return (await db.selectFrom("ledger_entries").select("id").limit(1).executeTakeFirst()) !== undefined;
}

export interface LedgerEntry {
  id: number;
  patientId: number;
  kind: LedgerEntryKind;
  amountMinor: number;
  currency: string;
  appointmentId: number | null;
  paymentId: number | null;
  reversesId: number | null;
  reason: string | null;
  createdBy: number | null;
  createdAt: string;
}

export type NewLedgerEntry = Omit<LedgerEntry, "id">;

function entryQuery(db: Db) {
  return db.selectFrom("ledger_entries").selectAll();
}

function toEntry(row: Awaited<ReturnType<ReturnType<typeof entryQuery>["executeTakeFirstOrThrow"]>>): LedgerEntry {
  return {
    id: row.id,
    patientId: row.patient_id,
    kind: row.kind,
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    appointmentId: row.appointment_id,
    paymentId: row.payment_id,
    reversesId: row.reverses_id,
    reason: row.reason,
    createdBy: row.created_by,
    createdAt: row.created_at,
  };
}

export async function insertLedgerEntry(db: Db, entry: NewLedgerEntry): Promise<number> {
  const row = await db
    .insertInto("ledger_entries")
    .values({
      patient_id: entry.patientId,
      kind: entry.kind,
      amount_minor: entry.amountMinor,
      currency: entry.currency,
      appointment_id: entry.appointmentId,
      payment_id: entry.paymentId,
      reverses_id: entry.reversesId,
      reason: entry.reason,
      created_by: entry.createdBy,
      created_at: entry.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findLedgerEntry(db: Db, id: number): Promise<LedgerEntry | undefined> {
  const row = await entryQuery(db).where("id", "=", id).executeTakeFirst();
  return row && toEntry(row);
}

/** A patient's entries, oldest first. */
export async function ledgerOf(db: Db, patientId: number): Promise<LedgerEntry[]> {
  return (await entryQuery(db).where("patient_id", "=", patientId).orderBy("id").execute()).map(toEntry);
}

/** The entries of one session (its charge, fee, their reversals). */
export async function ledgerOfAppointment(db: Db, appointmentId: number): Promise<LedgerEntry[]> {
  return (await entryQuery(db).where("appointment_id", "=", appointmentId).orderBy("id").execute()).map(toEntry);
}

/** What the patient owes (negative: in credit): the sum of their entries. */
export async function ledgerBalance(db: Db, patientId: number): Promise<number> {
  const row = await db
    .selectFrom("ledger_entries")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_minor"), sql<number>`0`).as("balance"))
    .where("patient_id", "=", patientId)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/** What has been refunded of a payment so far, in minor units (a positive number). */
export async function refundedOfPayment(db: Db, paymentId: number): Promise<number> {
  const row = await db
    .selectFrom("ledger_entries")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_minor"), sql<number>`0`).as("refunded"))
    .where("payment_id", "=", paymentId)
    .where("kind", "=", "refund")
    .executeTakeFirstOrThrow();
  return Number(row.refunded);
}

/** The ids of entries already reversed, among `ids`. */
export async function reversedAmong(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom("ledger_entries").select("reverses_id").where("reverses_id", "in", ids).execute();
  return new Set(rows.map((row) => row.reverses_id!));
}

export interface OwingPatient {
  patientId: number;
  patientName: string;
  balanceMinor: number;
}

/** Every patient who owes something, with their balance (most owed first). */
export async function owingPatients(db: Db): Promise<OwingPatient[]> {
  const rows = await db
    .selectFrom("ledger_entries as l")
    .innerJoin("users as u", "u.id", "l.patient_id")
    .select((eb) => ["l.patient_id", "u.first_name", "u.last_name", eb.fn.sum<number>("l.amount_minor").as("balance")])
    .groupBy(["l.patient_id", "u.first_name", "u.last_name"])
    .having((eb) => eb.fn.sum("l.amount_minor"), ">", 0)
    .execute();
  return rows
    .map((row) => ({ patientId: row.patient_id, patientName: `${row.first_name} ${row.last_name}`, balanceMinor: Number(row.balance) }))
    .sort((a, b) => b.balanceMinor - a.balanceMinor || a.patientId - b.patientId);
}

/** The debits (every entry that raised what is owed) of these patients, newest first: what an unpaid balance is aged by. */
export async function debitsNewestFirst(db: Db, patientIds: readonly number[]): Promise<Pick<LedgerEntry, "patientId" | "amountMinor" | "createdAt">[]> {
  if (patientIds.length === 0) return [];
  const rows = await db
    .selectFrom("ledger_entries")
    .select(["patient_id", "amount_minor", "created_at"])
    .where("patient_id", "in", patientIds)
    .where("amount_minor", ">", 0)
    .orderBy("patient_id")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({ patientId: row.patient_id, amountMinor: Number(row.amount_minor), createdAt: row.created_at }));
}

/** A patient's entries for sessions with one doctor, oldest first (what that doctor may see). */
export async function ledgerOfSessionsWith(db: Db, patientId: number, doctorId: number): Promise<LedgerEntry[]> {
  const rows = await db
    .selectFrom("ledger_entries as l")
    .innerJoin("appointments as a", "a.id", "l.appointment_id")
    .selectAll("l")
    .where("l.patient_id", "=", patientId)
    .where("a.doctor_id", "=", doctorId)
    .orderBy("l.id")
    .execute();
  return rows.map(toEntry);
}
