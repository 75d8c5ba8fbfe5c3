// Issue 35, the clinic's money, through the HTTP API of the built server as a client would use it,
// on a copy of the large clinic (seed-large-clinic.ts: 20,000 patients, 500,000 appointments and
// the ledger they left, seed-ledger.ts):
// - GET /api/billing/receivables as an admin, one request at a time: every owing patient's balance
//   aged 0–30, 31–60, 61–90 and over 90 days. Target: median < 100 ms (time to the last byte).
// - GET /api/billing/patients/{id}/superbill.pdf for the last twelve months, as an admin, for a
//   patient added to the copy with a year of weekly sessions (52, a third by video), charged,
//   invoiced every four weeks and paid, two diagnoses, and a clinician with licence and NPI.
//   Target: < 1 s to the PDF's last byte (the median; p95 and the slowest reported too).
// Opt-in: `pnpm bench money`.
import { performance } from "node:perf_hooks";
import { loadAuditKey } from "@halcyon/api/audit-key";
import { agedBalances, connect } from "@halcyon/db";
import Database from "better-sqlite3";
import { BENCH_PASSWORD, CLINIC_ZONE, DAY_MS, HOUR_MS, iso, clinicDate, clinicInstant, dayKey } from "./bulk-load";
import { copyIntoDataDir } from "./db-cache";
import { sessionCookie, signIn } from "./http-load";
import { ADMIN_ID, ADMIN_USERNAME, largeClinicDatabase, LARGE_CLINIC } from "./seed-large-clinic";
import { SERVICE_ID } from "./seed-ledger";
import { formatKb, formatMs, makeTempDir, median, percentile, progress, removeTempDir, round, startServer, type CheckResult } from "./support";

const RECEIVABLES_TARGET_MS = 100;
const SUPERBILL_TARGET_MS = 1_000;
const WARM_UP = 3;
const RECEIVABLES_RUNS = 40;
const SUPERBILL_RUNS = 20;
const WEEKS = 52;
const FEE_MINOR = 15_000;
const SESSIONS_PER_INVOICE = 4;

interface Timed {
  ms: number;
  status: number;
  type: string;
  body: Buffer;
}

/** A GET with the session cookie, timed from the request to the body's last byte. */
async function timedGet(baseUrl: string, path: string, token: string): Promise<Timed> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { headers: sessionCookie(token) });
  const body = Buffer.from(await response.arrayBuffer());
  return { ms: performance.now() - started, status: response.status, type: response.headers.get("content-type") ?? "", body };
}

/** `runs` timed GETs one after another, after `WARM_UP` untimed ones; each must answer 200. */
async function repeat(baseUrl: string, path: string, token: string, runs: number, check: (answer: Timed) => void): Promise<{ ms: number[]; last: Timed }> {
  let last: Timed | undefined;
  const ms: number[] = [];
  for (let run = 0; run < WARM_UP + runs; run += 1) {
    last = await timedGet(baseUrl, path, token);
    if (last.status !== 200) throw new Error(`GET ${path} answered ${last.status}: ${last.body.toString("utf8", 0, 300)}`);
    check(last);
    if (run >= WARM_UP) ms.push(last.ms);
  }
  return { ms, last: last! };
}

const figures = (ms: number[]) => ({ median: median(ms), p95: percentile(ms, 95), slowest: Math.max(...ms) });
const describe = (ms: number[]) => {
  const { median: mid, p95, slowest } = figures(ms);
  return `median ${formatMs(mid)}, p95 ${formatMs(p95)}, slowest ${formatMs(slowest)} (${ms.length} runs)`;
};

interface SuperbillPatient {
  patientId: number;
  /** Paid sessions in the range. */
  sessions: number;
  from: string;
  to: string;
}

/**
 * Adds to the copy a doctor (licence, NPI) and a patient (postal address, two diagnoses) with a
 * session every week of the last year at 10:00 on Tuesdays (both new to the clinic, so no one
 * is double-booked), each completed and charged, charges
 * invoiced four at a time, each invoice paid in full by card elsewhere. The ledger's rows come
 * after the seed's, as the server would write them today.
 */
function addSuperbillPatient(file: string, now: number): SuperbillPatient {
  const db = new Database(file);
  try {
    const next = (table: string) => (db.prepare(`select coalesce(max(id), 0) + 1 as id from ${table}`).get() as { id: number }).id;
    return db.transaction(() => {
      const doctorId = next("users");
      const patientId = doctorId + 1;
      const today = dayKey(clinicDate(now));
      const firstDay = today - WEEKS * 7 * DAY_MS;
      const copyUser = db.prepare(`insert into users (id, username, username_key, password_hash, kdf, legacy_kdf, email, first_name, last_name, phone_number,
          date_of_birth, role, profile_image_url, created_at, deactivated_at, must_change_password)
        select ?, ?, ?, password_hash, kdf, legacy_kdf, ?, ?, ?, '(555) 010-2020', ?, ?, null, ?, null, 0 from users where id = ?`);
      copyUser.run(
        doctorId,
        "superbill.doctor",
        "superbill.doctor",
        "superbill.doctor@example.test",
        "Miriam",
        "Okonkwo",
        "1975-04-02",
        "doctor",
        iso(firstDay - 400 * DAY_MS),
        ADMIN_ID,
      );
      copyUser.run(
        patientId,
        "superbill.patient",
        "superbill.patient",
        "superbill.patient@example.test",
        "Jordan",
        "Ellis",
        "1988-09-14",
        "patient",
        iso(firstDay - 30 * DAY_MS),
        ADMIN_ID,
      );
      db.prepare(
        `insert into doctor_profiles (user_id, specialization, bio, licence, npi) values (?, 'Individual Therapy', 'Licensed clinical social worker.', 'LCSW-NY 012345', '1234567893')`,
      ).run(doctorId);
      db.prepare(`insert into patient_billing_details (patient_id, postal_address, monthly_superbill, updated_at) values (?, ?, 0, ?)`).run(
        patientId,
        "12 Harbor Lane\nApt 3\nBrooklyn, NY 11201",
        iso(firstDay),
      );
      db.prepare(`insert into care_relationships (doctor_id, patient_id, since) values (?, ?, ?)`).run(doctorId, patientId, iso(firstDay - 30 * DAY_MS));
      const diagnose = db.prepare(`insert into diagnoses (patient_id, code, recorded_by, recorded_at) values (?, ?, ?, ?)`);
      diagnose.run(patientId, "F41.1", doctorId, iso(firstDay - 7 * DAY_MS));
      diagnose.run(patientId, "F33.1", doctorId, iso(firstDay + 90 * DAY_MS));

      const appointment =
        db.prepare(`insert into appointments (id, patient_id, doctor_id, title, description, start_time, end_time, service_id, fee_minor, status,
          notes, created_at, updated_at, cancelled_at, cancelled_by, late_cancellation) values (?, ?, ?, 'Weekly session', null, ?, ?, ?, ?, 'completed', null, ?, ?, null, null, 0)`);
      const visit = db.prepare(`insert into visits (appointment_id, doctor_id, patient_id, created_at, started_at, ended_at) values (?, ?, ?, ?, ?, ?)`);
      const entry =
        db.prepare(`insert into ledger_entries (id, patient_id, kind, amount_minor, currency, appointment_id, payment_id, reverses_id, reason, created_by, created_at,
          debits_to_date) values (?, ?, ?, ?, 'USD', ?, ?, null, null, ?, ?, ?)`);
      const invoice = db.prepare(`insert into invoices (id, number, patient_id, currency, issued_at, total_minor, issued_by) values (?, ?, ?, 'USD', ?, ?, ?)`);
      const item = db.prepare(`insert into invoice_items (invoice_id, entry_id) values (?, ?)`);
      const payment =
        db.prepare(`insert into payments (id, patient_id, invoice_id, method, reference, amount_minor, currency, received_at, recorded_by, stripe_payment_intent_id, created_at)
        values (?, ?, ?, 'card_elsewhere', ?, ?, 'USD', ?, ?, null, ?)`);
      const counter = (db.prepare(`select value from billing_counters where name = 'invoice'`).get() as { value: number }).value;
      let appointmentId = next("appointments");
      let sessions = 0;
      let entryId = next("ledger_entries");
      let invoiceId = next("invoices");
      let paymentId = next("payments");
      let unbilled: number[] = [];
      let debited = 0;
      let invoices = 0;
      for (let week = 0; week < WEEKS; week += 1) {
        // The Tuesday of each of the last 52 weeks.
        const monday = firstDay + week * 7 * DAY_MS;
        const day = monday + ((2 - new Date(monday).getUTCDay() + 7) % 7) * DAY_MS;
        const start = clinicInstant(day, 10);
        if (start + HOUR_MS >= now) continue;
        const end = start + HOUR_MS;
        appointment.run(appointmentId, patientId, doctorId, iso(start), iso(end), SERVICE_ID, FEE_MINOR, iso(start - 7 * DAY_MS), iso(end));
        if (week % 3 === 0) visit.run(appointmentId, doctorId, patientId, iso(start - 7 * DAY_MS), iso(start), iso(end));
        debited += FEE_MINOR;
        entry.run(entryId, patientId, "charge", FEE_MINOR, appointmentId, null, doctorId, iso(end), debited);
        unbilled.push(entryId);
        sessions += 1;
        appointmentId += 1;
        entryId += 1;
        if (unbilled.length === SESSIONS_PER_INVOICE || week === WEEKS - 1) {
          const issuedAt = end + DAY_MS;
          const total = unbilled.length * FEE_MINOR;
          invoices += 1;
          invoice.run(invoiceId, `INV-BENCH-${String(counter + invoices).padStart(5, "0")}`, patientId, iso(issuedAt), total, ADMIN_ID);
          for (const billed of unbilled) item.run(invoiceId, billed);
          const paidAt = issuedAt + 3 * DAY_MS;
          payment.run(paymentId, patientId, invoiceId, `Card terminal ${paymentId}`, total, iso(paidAt), ADMIN_ID, iso(paidAt));
          entry.run(entryId, patientId, "payment", -total, null, paymentId, ADMIN_ID, iso(paidAt), debited);
          entryId += 1;
          invoiceId += 1;
          paymentId += 1;
          unbilled = [];
        }
      }
      db.prepare(`update billing_counters set value = ? where name = 'invoice'`).run(counter + invoices);
      // Paid in full: nothing owed, everything debited.
      db.prepare(`insert into patient_balances (patient_id, balance_minor, debited_minor) values (?, 0, ?)`).run(patientId, debited);
      return { patientId, sessions, from: iso(firstDay).slice(0, 10), to: iso(today).slice(0, 10) };
    })();
  } finally {
    db.close();
  }
}

/** What the receivables must add up to, straight from the ledger: the sum of every positive balance, and how many there are. */
function owedInLedger(file: string): { patients: number; owedMinor: number; entries: number } {
  const db = new Database(file, { readonly: true });
  try {
    const owed = db
      .prepare(
        `select count(*) as patients, coalesce(sum(balance), 0) as owedMinor from (select sum(amount_minor) as balance from ledger_entries group by patient_id having balance > 0)`,
      )
      .get() as { patients: number; owedMinor: number };
    const { entries } = db.prepare(`select count(*) as entries from ledger_entries`).get() as { entries: number };
    return { ...owed, entries };
  } finally {
    db.close();
  }
}

/** The sessions the last superbill download listed, as its audit row tells (billing.document_download). */
function superbillSessions(file: string): number | undefined {
  const db = new Database(file, { readonly: true });
  try {
    const row = db.prepare(`select details from audit_log where action = 'billing.document_download' order by id desc limit 1`).get() as
      { details: string } | undefined;
    return row ? (JSON.parse(row.details) as { sessions?: number }).sessions : undefined;
  } finally {
    db.close();
  }
}

/**
 * The receivables' one statement alone (agedBalances), in process on the copy with the server's
 * connection settings: what of the HTTP figure is the database's, and what is the rest (JSON,
 * the answer's validation, the audit row, the socket).
 */
async function statementAlone(file: string, dataDir: string, runs: number): Promise<number[]> {
  const handle = connect({ kind: "sqlite", file, auditKey: loadAuditKey({ DATA_DIR: dataDir }) });
  try {
    const ms: number[] = [];
    for (let run = 0; run < WARM_UP + runs; run += 1) {
      const now = Date.now();
      const before = (days: number) => new Date(now - days * DAY_MS).toISOString();
      const started = performance.now();
      await agedBalances(handle.db, { days31: before(31), days61: before(61), days91: before(91) });
      if (run >= WARM_UP) ms.push(performance.now() - started);
    }
    return ms;
  } finally {
    await handle.close();
  }
}

interface ReceivablesAnswer {
  totals: { balanceMinor: number; days0to30: number; days31to60: number; days61to90: number; over90: number };
  patients: unknown[];
}

export async function measureMoney(): Promise<CheckResult[]> {
  const clinic = await largeClinicDatabase();
  const dataDir = makeTempDir("money");
  try {
    const file = copyIntoDataDir(clinic.file, dataDir);
    const now = Date.now();
    const subject = addSuperbillPatient(file, now);
    const ledger = owedInLedger(file);
    progress(
      `money: ${ledger.entries} ledger entries, ${ledger.patients} of ${LARGE_CLINIC.patients} patients owing; superbill patient ${subject.patientId}, ${subject.from} to ${subject.to}`,
    );
    const { server, readyAfterMs } = await startServer({ dataDir, env: { SEED_DEMO: "false" } });
    progress(`money: server ready after ${formatMs(readyAfterMs)}`);
    try {
      const base = server.baseUrl;
      const admin = await signIn(base, ADMIN_USERNAME, BENCH_PASSWORD);
      // The clinic's identity, as an admin sets it, for the superbill's provider block.
      const settings = (await (await fetch(`${base}/api/admin/settings`, { headers: sessionCookie(admin) })).json()) as Record<string, unknown>;
      const saved = await fetch(`${base}/api/admin/settings`, {
        method: "PUT",
        headers: { ...sessionCookie(admin), "content-type": "application/json" },
        body: JSON.stringify({ ...settings, clinicAddress: "200 Water Street\nNew York, NY 10038", clinicEin: "12-3456789", clinicNpi: "1245319599" }),
      });
      if (saved.status !== 200) throw new Error(`PUT /api/admin/settings answered ${saved.status}: ${await saved.text()}`);

      progress(`money: GET /api/billing/receivables, ${WARM_UP} + ${RECEIVABLES_RUNS} requests one after another`);
      const receivables = await repeat(base, "/api/billing/receivables", admin, RECEIVABLES_RUNS, (answer) => {
        if (!answer.type.includes("application/json")) throw new Error(`the receivables came as ${answer.type}`);
      });
      const report = JSON.parse(receivables.last.body.toString("utf8")) as ReceivablesAnswer;
      const { totals } = report;
      const bucketsAddUp = totals.days0to30 + totals.days31to60 + totals.days61to90 + totals.over90 === totals.balanceMinor;
      const matchesLedger = report.patients.length === ledger.patients && totals.balanceMinor === ledger.owedMinor;
      progress(`money: receivables ${describe(receivables.ms)}; ${report.patients.length} patients, ${formatKb(receivables.last.body.length)}`);

      const superbillPath = `/api/billing/patients/${subject.patientId}/superbill.pdf?from=${subject.from}&to=${subject.to}`;
      progress(`money: GET ${superbillPath}, ${WARM_UP} + ${SUPERBILL_RUNS} downloads one after another`);
      const superbill = await repeat(base, superbillPath, admin, SUPERBILL_RUNS, (answer) => {
        const pdf = answer.body;
        if (
          !answer.type.includes("application/pdf") ||
          pdf.subarray(0, 5).toString() !== "%PDF-" ||
          !pdf.subarray(-1024).toString("latin1").includes("%%EOF")
        ) {
          throw new Error(`the superbill is not a whole PDF (${answer.type}, ${pdf.length} bytes)`);
        }
      });
      progress(`money: superbill ${describe(superbill.ms)}; ${formatKb(superbill.last.body.length)}`);

      const r = figures(receivables.ms);
      const s = figures(superbill.ms);
      await server.stop();
      const sessions = superbillSessions(file);
      progress(`money: the receivables' statement alone, in process, ${WARM_UP} + ${RECEIVABLES_RUNS} runs`);
      const alone = await statementAlone(file, dataDir, RECEIVABLES_RUNS);
      progress(`money: statement alone ${describe(alone)}`);
      const usd = (minor: number) => `$${(minor / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
      return [
        {
          name: "GET /api/billing/receivables (large clinic)",
          target: `median < ${RECEIVABLES_TARGET_MS} ms`,
          measured: describe(receivables.ms),
          status: r.median < RECEIVABLES_TARGET_MS && bucketsAddUp && matchesLedger ? "pass" : "fail",
          notes: [
            `as ${ADMIN_USERNAME}, time to the last byte; ${ledger.entries} ledger entries, ${report.patients.length} owing patients, ${formatKb(receivables.last.body.length)} of JSON`,
            `the SQL statement alone (agedBalances, in process on the same copy): ${describe(alone)}`,
            `owed ${usd(totals.balanceMinor)}: 0–30 ${usd(totals.days0to30)}, 31–60 ${usd(totals.days31to60)}, 61–90 ${usd(totals.days61to90)}, over 90 ${usd(totals.over90)}`,
            ...(bucketsAddUp ? [] : ["the buckets do not add up to the balance"]),
            ...(matchesLedger ? [] : [`the ledger has ${ledger.patients} owing patients owing ${usd(ledger.owedMinor)}: the report differs`]),
          ],
          details: {
            durationsMs: receivables.ms.map((ms) => round(ms, 2)),
            ...r,
            statementAloneMs: alone.map((ms) => round(ms, 2)),
            bytes: receivables.last.body.length,
            totals,
            ledger,
          },
        },
        {
          name: `Superbill PDF, a year of weekly sessions`,
          target: `< ${SUPERBILL_TARGET_MS / 1000} s to the last byte (median)`,
          measured: describe(superbill.ms),
          status: s.median < SUPERBILL_TARGET_MS && sessions === subject.sessions ? "pass" : "fail",
          notes: [
            `GET ${superbillPath} as ${ADMIN_USERNAME} (${CLINIC_ZONE}); ${formatKb(superbill.last.body.length)}, ${sessions ?? "?"} paid sessions listed`,
            ...(sessions === subject.sessions ? [] : [`the superbill listed ${sessions ?? "no"} sessions, not the ${subject.sessions} paid`]),
          ],
          details: { durationsMs: superbill.ms.map((ms) => round(ms, 2)), ...s, bytes: superbill.last.body.length, ...subject },
        },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    removeTempDir(dataDir);
  }
}
