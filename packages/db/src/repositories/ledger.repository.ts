// THE ledger: one signed row per money event of a patient (+ owes more, − owes less). Rows are
// only ever inserted (the database refuses update and delete); a balance is their sum.
import { PostgresAdapter, sql } from "kysely";
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

/**
 * THE one way an entry is written. The patient's running totals (patient_balances) move in the
 * same statement sequence, by an atomic upsert that also answers the new debit total the entry
 * records as debits_to_date: on PostgreSQL the upsert locks the patient's row until the
 * transaction ends, so entries of one patient get their totals, and their ids, one after another.
 * Call it inside a transaction, so the totals and the entry are written together or not at all.
 */
export async function insertLedgerEntry(db: Db, entry: NewLedgerEntry): Promise<number> {
  const debit = Math.max(entry.amountMinor, 0);
  const totals = await db
    .insertInto("patient_balances")
    .values({ patient_id: entry.patientId, balance_minor: entry.amountMinor, debited_minor: debit })
    .onConflict((conflict) =>
      conflict.column("patient_id").doUpdateSet({
        balance_minor: sql<number>`patient_balances.balance_minor + ${entry.amountMinor}`,
        debited_minor: sql<number>`patient_balances.debited_minor + ${debit}`,
      }),
    )
    .returning("debited_minor")
    .executeTakeFirstOrThrow();
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
      debits_to_date: Number(totals.debited_minor),
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

export interface AgedBalance {
  patientId: number;
  patientName: string;
  balanceMinor: number;
  days0to30: number;
  days31to60: number;
  days61to90: number;
  over90: number;
}

/** A row of agedBalances as the drivers answer it (PostgreSQL's sums are bigint, as text). */
interface AgedRow {
  patient_id: number;
  first_name: string;
  last_name: string;
  balance_minor: number | string;
  days0to30: number | string;
  days31to60: number | string;
  days61to90: number | string;
  over90: number | string;
}

/**
 * Every patient who owes something, with their balance aged (most owed first), in one statement
 * whose work grows with the owing patients and their unpaid debits, not with the ledger's history.
 * Payments settle the oldest debts first, so what is still owed is the newest of a patient's
 * debits (entries that raised what they owe). With `paidOff` the part of all their debits their
 * credits have covered (debited − balance, from patient_balances), a debit is (partly) unpaid
 * when the debits up to it (its debits_to_date) pass paidOff: it owes all of its amount, or, for
 * the one debit straddling paidOff, debits_to_date − paidOff. Each part goes to the bucket of the
 * debit's age; `bucketStarts` are the instants 31, 61 and 91 whole days before now (a debit is in
 * 0–30 while less than 31 days old).
 *
 * Plan: the owing patients from patient_balances_owing_idx (a partial index of just them), then
 * for each one range of ledger_entries_unpaid_idx (its unpaid debits only), neither reading a
 * table row; then the owing patients' names. SQLite's planner takes that path for a plain join.
 * PostgreSQL's would rather hash-join a parallel scan of every debit (its estimates know nothing
 * of how few are unpaid), so there the per-patient read is written as what it is, a LATERAL
 * subquery. apps/api/test/query-plans.test.ts checks both plans; on the large clinic (docs/
 * performance.md) each owing patient's range holds about three index entries.
 */
export async function agedBalances(db: Db, bucketStarts: { days31: string; days61: string; days91: string }): Promise<AgedBalance[]> {
  const { days31, days61, days91 } = bucketStarts;
  const paidOff = sql<number>`(b.debited_minor - b.balance_minor)`;
  const part = sql<number>`(case when d.debits_to_date - d.amount_minor >= ${paidOff} then d.amount_minor else d.debits_to_date - ${paidOff} end)`;
  const buckets = sql`
    sum(case when d.created_at > ${days31} then ${part} else 0 end) as days0to30,
    sum(case when d.created_at <= ${days31} and d.created_at > ${days61} then ${part} else 0 end) as days31to60,
    sum(case when d.created_at <= ${days61} and d.created_at > ${days91} then ${part} else 0 end) as days61to90,
    sum(case when d.created_at <= ${days91} then ${part} else 0 end) as over90`;
  // Literal predicates, the partial indexes' own: a bound 0 would not let the planners use them.
  const unpaid = sql`d.patient_id = b.patient_id and d.amount_minor > 0 and d.debits_to_date > ${paidOff}`;
  const order = sql`order by b.balance_minor desc, b.patient_id`;
  const statement =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql<AgedRow>`
        select b.patient_id, u.first_name, u.last_name, b.balance_minor, a.days0to30, a.days31to60, a.days61to90, a.over90
        from patient_balances b
        cross join lateral (select ${buckets} from ledger_entries d where ${unpaid}) a
        join users u on u.id = b.patient_id
        where b.balance_minor > 0
        ${order}`
      : sql<AgedRow>`
        select b.patient_id, u.first_name, u.last_name, b.balance_minor, ${buckets}
        from patient_balances b
        join users u on u.id = b.patient_id
        join ledger_entries d on ${unpaid}
        where b.balance_minor > 0
        group by b.patient_id, u.first_name, u.last_name, b.balance_minor
        ${order}`;
  const { rows } = await statement.execute(db);
  return rows.map((row) => ({
    patientId: row.patient_id,
    patientName: `${row.first_name} ${row.last_name}`,
    balanceMinor: Number(row.balance_minor),
    days0to30: Number(row.days0to30),
    days31to60: Number(row.days31to60),
    days61to90: Number(row.days61to90),
    over90: Number(row.over90),
  }));
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
