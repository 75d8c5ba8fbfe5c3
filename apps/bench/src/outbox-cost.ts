// Issue 34, what the outbox costs a booking: POST /api/appointments writes, in the booking's
// transaction, a notice to the patient and one to the doctor (packages/domain/src/notices/outbox.ts,
// enqueueNotices); an email notice is written only for a verified address. One server on a copy of
// the large clinic (buildApp in a process of its own, app-server.ts) serves 100 booking patients,
// each with their first doctor, under two conditions: with notices, every one of them and their
// doctors has a verified email (two outbox rows per booking); without, none has (enqueueNotices
// reads the same recipients and switches, and writes nothing). The same people book in both, so
// the only difference is the rows: the bench switches the addresses between runs, in the copy,
// through a connection of its own. The notice worker is held (--notices=held), so the server's CPU
// is the requests' alone: sending is measured by `reminders`. Each condition books free slots at
// 300 a second (50 connections, an open loop) for 5 s (1 s warm-up); a first round of each is not counted (the server's first
// seconds run colder code), then they alternate which goes first over five rounds; the server's
// CPU time per booking (processCpuMs, all threads) is compared, median against median.
// Target: the rows add at most 10%. Opt-in (the large clinic): `pnpm bench outbox-cost`.
import Database from "better-sqlite3";
import { appServerArgs } from "./app-server";
import { BENCH_PASSWORD } from "./bulk-load";
import { copyIntoDataDir } from "./db-cache";
import { describeLoad, runLoad, signInAll, type LoadSummary } from "./http-load";
import { bookingRequests, collectBookings } from "./large-clinic";
import { doctorId, firstDoctorOf, largeClinicDatabase, LARGE_CLINIC, patientId, patientUsername } from "./seed-large-clinic";
import { makeTempDir, median, progress, removeTempDir, round, startServer, type CheckResult } from "./support";

const TARGET_COST_PERCENT = 10;
const ROUNDS = 5;
const DURATION_S = 5;
const WARMUP_S = 1;
/**
 * Bookings a second in every run: the same load for both conditions, under what either can take
 * (about 450 a second with notices, 550 without, here). At saturation the slower condition would
 * also pay for its smaller commit groups (one disk flush shared by fewer bookings), a cost of
 * throughput, not of the rows.
 */
const RATE = 300;
/** Free slots: more than the runs book, so none is asked twice. */
const SLOTS = 50_000;

type Condition = "notices" | "none";
const CONDITIONS: Condition[] = ["notices", "none"];
const LABEL: Record<Condition, string> = { notices: "with notices", none: "without" };

/** Patients 100–199, each booking with their first doctor (0–99). */
const PATIENTS = Array.from({ length: LARGE_CLINIC.doctors }, (_, k) => LARGE_CLINIC.doctors + k);

/** Verifies (or unverifies) the emails of the booking patients and their doctors, in the server's database. */
function verifyEmails(file: string, verified: boolean): void {
  const db = new Database(file, { timeout: 5_000 });
  try {
    const ids = PATIENTS.flatMap((index) => [patientId(index), doctorId(firstDoctorOf(index))]);
    const verify = db.prepare(`update users set email_verified_at = ? where id = ?`);
    const at = verified ? new Date().toISOString() : null;
    db.transaction(() => ids.forEach((id) => verify.run(at, id)))();
  } finally {
    db.close();
  }
}

function noticeRows(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare(`select count(*) as n from notices`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

interface Run {
  summary: LoadSummary;
  /** Outbox rows the run wrote, its warm-up included. */
  rows: number;
}

export async function measureOutboxCost(): Promise<CheckResult[]> {
  const clinic = await largeClinicDatabase();
  const dataDir = makeTempDir("outbox-cost");
  try {
    const file = copyIntoDataDir(clinic.file, dataDir);
    const { server } = await startServer({ dataDir, args: appServerArgs({ holdNotices: true }), env: { SEED_DEMO: "false" } });
    const runs = new Map<Condition, Run[]>(CONDITIONS.map((condition) => [condition, []]));
    try {
      const base = server.baseUrl;
      progress(`outbox-cost: signing in ${PATIENTS.length} patients, collecting ${SLOTS} free slots`);
      const tokens = await signInAll(base, PATIENTS.map(patientUsername), BENCH_PASSWORD);
      const bookings = await collectBookings(
        base,
        PATIENTS.map((index, n) => ({ index, token: tokens[n] ?? "" })),
        Date.now(),
        SLOTS,
      );
      const walk = bookingRequests(bookings);
      for (let index = 0; index <= ROUNDS; index += 1) {
        for (const condition of index % 2 === 0 ? CONDITIONS : [...CONDITIONS].reverse()) {
          verifyEmails(file, condition === "notices");
          const rowsBefore = noticeRows(file);
          const summary = await runLoad({
            url: `${base}/api/appointments`,
            requests: walk.requests,
            durationS: DURATION_S,
            warmupS: WARMUP_S,
            overallRate: RATE,
            ...(server.child.pid ? { serverPid: server.child.pid } : {}),
          });
          const run = { summary, rows: noticeRows(file) - rowsBefore };
          if (index > 0) runs.get(condition)?.push(run);
          progress(
            `outbox-cost: ${index === 0 ? "uncounted first round" : `round ${index}/${ROUNDS}`}, ${LABEL[condition]}: ${describeLoad(summary)}; server CPU ${summary.serverCpuMsPerRequest} ms/booking; ${run.rows} outbox rows`,
          );
        }
      }
    } finally {
      await server.stop();
    }

    const of = (condition: Condition) => runs.get(condition) ?? [];
    const cpuUs = (condition: Condition) => median(of(condition).map((run) => (run.summary.serverCpuMsPerRequest ?? NaN) * 1_000));
    const cost = ((cpuUs("notices") - cpuUs("none")) / cpuUs("none")) * 100;
    const problems = CONDITIONS.flatMap((condition) =>
      of(condition).flatMap((run) => {
        const { summary } = run;
        const unexpected = Object.entries(summary.statusCodes).filter(([code]) => code !== "200" && code !== "409");
        // Two rows (patient, doctor) per booking with notices, none without.
        const rowsExpected = condition === "notices" ? 2 * (summary.statusCodes["200"] ?? 0) : 0;
        return [
          ...(unexpected.length > 0 || summary.errors > 0 ? [`${LABEL[condition]}: ${describeLoad(summary)}, ${summary.errors} errors`] : []),
          ...((condition === "notices" ? run.rows < rowsExpected : run.rows !== 0)
            ? [`${LABEL[condition]}: ${run.rows} outbox rows for ${summary.statusCodes["200"] ?? 0} bookings (${rowsExpected} expected)`]
            : []),
        ];
      }),
    );
    const describe = (condition: Condition) =>
      `${LABEL[condition]}: ${of(condition)
        .map(
          ({ summary }) =>
            `${round((summary.serverCpuMsPerRequest ?? NaN) * 1_000, 0)} µs (${Math.round(summary.requestsPerSecond)} req/s, ${summary.statusCodes["409"] ?? 0} × 409)`,
        )
        .join(", ")}`;
    const rows = (condition: Condition) => of(condition).reduce((sum, run) => sum + run.rows, 0);
    return [
      {
        name: "Outbox cost (POST /api/appointments)",
        target: `writing the notices adds ≤ ${TARGET_COST_PERCENT}% server CPU per booking (median of ${ROUNDS} runs each)`,
        measured: `${round(cpuUs("notices"), 0)} vs ${round(cpuUs("none"), 0)} µs per booking: ${cost >= 0 ? "+" : ""}${round(cost, 1)}%`,
        status: cost <= TARGET_COST_PERCENT && problems.length === 0 ? "pass" : "fail",
        notes: [
          ...problems,
          describe("notices"),
          describe("none"),
          `${rows("notices")} outbox rows written with notices, ${rows("none")} without; the worker was held, so none was sent`,
        ],
        details: {
          targetCostPercent: TARGET_COST_PERCENT,
          costPercent: round(cost, 2),
          cpuUsPerBooking: { notices: cpuUs("notices"), none: cpuUs("none") },
          runs: Object.fromEntries(runs),
        },
      },
    ];
  } finally {
    removeTempDir(dataDir);
  }
}
