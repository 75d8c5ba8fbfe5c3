// Issue 35, the large clinic's money: one service (Individual Therapy, 53 minutes, 90837), the fee
// each booking agreed to (150.00, or 90.00 on a sliding scale for one patient in five), and the
// ledger two years of sessions leave behind, written in the order it happened (ids follow time,
// as they do when the server writes them; the receivables age a balance by the newest debits):
// - a charge for every completed session, when it ended;
// - a no-show fee (100%) or late-cancellation fee (50%), decided within two days: two in three
//   approved (a 'fee' entry), the rest waived; those of the last three days still pending;
// - payments, by how each patient pays: a card on file charged the day after each debit (55%),
//   by hand every month for the whole balance (30%), or by hand monthly until they fall behind,
//   at some point in the last 240 days, some of them paying part of it now and then (15%).
// So most patients owe nothing or last month's sessions, and some owe months of them: the
// receivables age real debts in every bucket.
import { DAY_MS, iso, insertRows, MINUTE_MS, Random, type BulkDb } from "./bulk-load";

export const SERVICE_ID = 1;
const FEE_MINOR = 15_000;
const SLIDING_FEE_MINOR = 9_000;
const CURRENCY = "USD";

/** The fee patient `patientId`'s bookings agreed to. */
export const feeOf = (patientId: number) => (patientId % 5 === 0 ? SLIDING_FEE_MINOR : FEE_MINOR);

/** What the seed of the appointments tells the ledger: sessions held, missed or cancelled late. */
export interface BillableSession {
  id: number;
  patient: number;
  /** When it was charged (completed) or its fee opened (no-show, late cancellation). */
  at: number;
  kind: "completed" | "no_show" | "late_cancellation";
}

interface Entry {
  at: number;
  patient: number;
  kind: "charge" | "fee" | "payment";
  amount: number;
  appointmentId: number | null;
  /** The payment this entry records (index into the payments list). */
  payment?: number;
  /** The pending fee this entry approves (index into the fees list). */
  fee?: number;
}

interface Payment {
  at: number;
  patient: number;
  amount: number;
  method: "card" | "cash" | "cheque" | "card_elsewhere";
}

interface Fee {
  appointmentId: number;
  patient: number;
  kind: "no_show" | "late_cancellation";
  amount: number;
  at: number;
  status: "pending" | "approved" | "waived";
  decidedAt: number | null;
  entry?: number;
}

export function insertServices(db: BulkDb, since: number): void {
  db.prepare(
    `insert into clinic_services (id, name, minutes, fee_minor, cpt_code, kind, video_allowed, usual_sessions_per_year, active, created_at, updated_at)
     values (?, 'Individual Therapy', 53, ?, '90837', 'individual', 1, 40, 1, ?, ?)`,
  ).run(SERVICE_ID, FEE_MINOR, iso(since), iso(since));
}

/** Writes the ledger, payments and fees of `sessions` (in any order); answers their counts. */
export function insertLedger(
  db: BulkDb,
  sessions: BillableSession[],
  admin: number,
  now: number,
): { ledgerEntries: number; payments: number; pendingFees: number } {
  const random = new Random(35_350_035);
  const entries: Entry[] = [];
  const payments: Payment[] = [];
  const fees: Fee[] = [];
  const debitsOf = new Map<number, { at: number; amount: number }[]>();
  const debit = (patient: number, at: number, amount: number) => {
    const list = debitsOf.get(patient);
    if (list) list.push({ at, amount });
    else debitsOf.set(patient, [{ at, amount }]);
  };

  for (const session of sessions) {
    const fee = feeOf(session.patient);
    if (session.kind === "completed") {
      entries.push({ at: session.at, patient: session.patient, kind: "charge", amount: fee, appointmentId: session.id });
      debit(session.patient, session.at, fee);
      continue;
    }
    const amount = session.kind === "no_show" ? fee : fee / 2;
    const decidedAt = session.at + random.between(60, 2 * 24 * 60) * MINUTE_MS;
    const status = decidedAt > now - 3 * DAY_MS ? "pending" : random.chance(2 / 3) ? "approved" : "waived";
    const index =
      fees.push({
        appointmentId: session.id,
        patient: session.patient,
        kind: session.kind,
        amount,
        at: session.at,
        status,
        decidedAt: status === "pending" ? null : decidedAt,
      }) - 1;
    if (status === "approved") {
      entries.push({ at: decidedAt, patient: session.patient, kind: "fee", amount, appointmentId: session.id, fee: index });
      debit(session.patient, decidedAt, amount);
    }
  }

  const pay = (patient: number, at: number, amount: number, method: Payment["method"]) => {
    const index = payments.push({ at, patient, amount, method }) - 1;
    entries.push({ at, patient, kind: "payment", amount: -amount, appointmentId: null, payment: index });
  };
  for (const [patient, debits] of debitsOf) {
    debits.sort((a, b) => a.at - b.at);
    const habit = random.next();
    if (habit < 0.55) {
      // The card on file, charged the night after.
      for (const { at, amount } of debits) if (at + DAY_MS < now) pay(patient, at + DAY_MS, amount, "card");
      continue;
    }
    const behindFrom = habit < 0.85 ? Infinity : now - random.between(0, 240) * DAY_MS;
    const method = random.pick(["cash", "cheque", "card_elsewhere"] as const);
    let owed = 0;
    let next = 0;
    for (let day = (debits[0]?.at ?? now) + random.between(20, 35) * DAY_MS; day < now; day += 30 * DAY_MS) {
      while (next < debits.length && (debits[next]?.at ?? Infinity) <= day) owed += debits[next++]?.amount ?? 0;
      if (owed <= 0) continue;
      // Behind: now and then a part of it, never the whole.
      const amount = day < behindFrom ? owed : random.chance(0.3) ? Math.round((owed * random.between(10, 40)) / 100) : 0;
      if (amount > 0) {
        pay(patient, day + random.between(9 * 60, 17 * 60) * MINUTE_MS, amount, method);
        owed -= amount;
      }
    }
  }

  entries.sort((a, b) => a.at - b.at);
  // Payments keep their own ids in time order too.
  const paymentOrder = payments.map((_, index) => index).sort((a, b) => (payments[a]?.at ?? 0) - (payments[b]?.at ?? 0));
  const paymentId = new Int32Array(payments.length);
  paymentOrder.forEach((index, n) => (paymentId[index] = n + 1));

  insertRows(
    db,
    `insert into payments (id, patient_id, invoice_id, method, reference, amount_minor, currency, received_at, recorded_by, stripe_payment_intent_id, created_at)
     values (?, ?, null, ?, ?, ?, ?, ?, ?, ?, ?)`,
    (function* () {
      for (const index of paymentOrder) {
        const p = payments[index]!;
        const id = paymentId[index]!;
        const card = p.method === "card";
        yield [
          id,
          p.patient,
          p.method,
          card ? "" : `Front desk ${id}`,
          p.amount,
          CURRENCY,
          iso(p.at),
          card ? null : admin,
          card ? `pi_bench_${id}` : null,
          iso(p.at),
        ];
      }
    })(),
  );
  // The running totals the server keeps as it writes each entry (insertLedgerEntry).
  const totals = new Map<number, { balance: number; debited: number }>();
  insertRows(
    db,
    `insert into ledger_entries (id, patient_id, kind, amount_minor, currency, appointment_id, payment_id, reverses_id, reason, created_by, created_at, debits_to_date)
     values (?, ?, ?, ?, ?, ?, ?, null, null, ?, ?, ?)`,
    (function* () {
      for (const [n, e] of entries.entries()) {
        if (e.fee !== undefined) fees[e.fee]!.entry = n + 1;
        const payment = e.payment === undefined ? null : paymentId[e.payment]!;
        const total = totals.get(e.patient) ?? { balance: 0, debited: 0 };
        total.balance += e.amount;
        total.debited += Math.max(e.amount, 0);
        totals.set(e.patient, total);
        yield [n + 1, e.patient, e.kind, e.amount, CURRENCY, e.appointmentId, payment, e.kind === "charge" ? null : admin, iso(e.at), total.debited];
      }
    })(),
  );
  insertRows(
    db,
    `insert into patient_balances (patient_id, balance_minor, debited_minor) values (?, ?, ?)`,
    (function* () {
      for (const [patient, { balance, debited }] of totals) yield [patient, balance, debited];
    })(),
  );
  fees.sort((a, b) => a.at - b.at);
  insertRows(
    db,
    `insert into pending_fees (appointment_id, patient_id, kind, amount_minor, status, entry_id, created_at, decided_by, decided_at, reason)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    (function* () {
      for (const f of fees) {
        const decided = f.decidedAt === null ? null : iso(f.decidedAt);
        const reason = f.status === "waived" ? "Forgiven: first time" : null;
        yield [f.appointmentId, f.patient, f.kind, f.amount, f.status, f.entry ?? null, iso(f.at), decided && admin, decided, reason];
      }
    })(),
  );
  return { ledgerEntries: entries.length, payments: payments.length, pendingFees: fees.length };
}
