// Issue 34, what the outbox costs a booking: POST /api/appointments writes, in the booking's
// transaction, a notice to the patient and one to the doctor (packages/domain/src/notices/outbox.ts,
// enqueueNotices); an email notice is written only for a verified address. One server on a copy of
// the large clinic (buildApp in a process of its own, app-server.ts) serves two groups of booking
// patients, each with their first doctor: in one every patient and doctor has a verified email
// (two outbox rows per booking), in the other none has (enqueueNotices reads the same recipients
// and switches, and writes nothing). The notice worker is held (--notices=held), so the server's
// CPU is the requests' alone: sending is measured by `reminders`. Each group books free slots at
// 50 connections for 5 s (1 s warm-up), in alternating order over several rounds; the server's
// CPU time per booking (processCpuMs, all threads) is compared, median against median.
// Target: the rows add at most 10%. Opt-in (the large clinic): `pnpm bench outbox-cost`.
import Database from "better-sqlite3";
import { appServerArgs } from "./app-server";
import { BENCH_PASSWORD } from "./bulk-load";
import { copyIntoDataDir } from "./db-cache";
import { describeLoad, runLoad, signInAll, type LoadSummary } from "./http-load";
import { bookingRequests, collectBookings, type Booking } from "./large-clinic";
import { doctorId, firstDoctorOf, largeClinicDatabase, LARGE_CLINIC, patientId, patientUsername } from "./seed-large-clinic";
import { makeTempDir, median, progress, removeTempDir, round, startServer, type CheckResult } from "./support";

const TARGET_COST_PERCENT = 10;
const ROUNDS = 3;
const DURATION_S = 5;
const WARMUP_S = 1;
/** Free slots per group: more than its runs book (about 1,000 a second here), so none is asked twice. */
const SLOTS_PER_GROUP = 30_000;

type Group = "notices" | "none";
const GROUPS: Group[] = ["notices", "none"];
const LABEL: Record<Group, string> = { notices: "with notices", none: "without" };

/** Patients 100–149 (first doctors 0–49) book with notices, 150–199 (doctors 50–99) without. */
function patientsOf(group: Group): number[] {
  const half = LARGE_CLINIC.doctors / 2;
  const from = LARGE_CLINIC.doctors + (group === "notices" ? 0 : half);
  return Array.from({ length: half }, (_, k) => from + k);
}

/** Verifies the emails of the notices group's patients and their doctors, in the copy. */
function verifyNoticesGroup(file: string): void {
  const db = new Database(file);
  try {
    const ids = patientsOf("notices").flatMap((index) => [patientId(index), doctorId(firstDoctorOf(index))]);
    const verify = db.prepare(`update users set email_verified_at = ? where id = ?`);
    const now = new Date().toISOString();
    db.transaction(() => ids.forEach((id) => verify.run(now, id)))();
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

export async function measureOutboxCost(): Promise<CheckResult[]> {
  const clinic = await largeClinicDatabase();
  const dataDir = makeTempDir("outbox-cost");
  try {
    const file = copyIntoDataDir(clinic.file, dataDir);
    verifyNoticesGroup(file);
    const { server } = await startServer({ dataDir, args: appServerArgs({ holdNotices: true }), env: { SEED_DEMO: "false" } });
    const runs = new Map<Group, LoadSummary[]>(GROUPS.map((group) => [group, []]));
    try {
      const base = server.baseUrl;
      const now = Date.now();
      const walks = new Map<Group, ReturnType<typeof bookingRequests>>();
      for (const group of GROUPS) {
        const patients = patientsOf(group);
        progress(`outbox-cost: ${LABEL[group]}: signing in ${patients.length} patients, collecting ${SLOTS_PER_GROUP} free slots`);
        const tokens = await signInAll(base, patients.map(patientUsername), BENCH_PASSWORD);
        const bookings: Booking[] = await collectBookings(
          base,
          patients.map((index, n) => ({ index, token: tokens[n] ?? "" })),
          now,
          SLOTS_PER_GROUP,
        );
        walks.set(group, bookingRequests(bookings));
      }
      for (let index = 0; index < ROUNDS; index += 1) {
        for (const group of index % 2 === 0 ? GROUPS : [...GROUPS].reverse()) {
          const walk = walks.get(group);
          if (!walk) continue;
          const summary = await runLoad({
            url: `${base}/api/appointments`,
            requests: walk.requests,
            durationS: DURATION_S,
            warmupS: WARMUP_S,
            ...(server.child.pid ? { serverPid: server.child.pid } : {}),
          });
          runs.get(group)?.push(summary);
          progress(
            `outbox-cost: round ${index + 1}/${ROUNDS}, ${LABEL[group]}: ${describeLoad(summary)}; server CPU ${summary.serverCpuMsPerRequest} ms/booking`,
          );
        }
      }
    } finally {
      await server.stop();
    }

    const of = (group: Group) => runs.get(group) ?? [];
    const cpuUs = (group: Group) => median(of(group).map((run) => (run.serverCpuMsPerRequest ?? NaN) * 1_000));
    const booked = (group: Group) => of(group).reduce((sum, run) => sum + (run.statusCodes["200"] ?? 0), 0);
    const cost = ((cpuUs("notices") - cpuUs("none")) / cpuUs("none")) * 100;
    const rows = noticeRows(file);
    const problems = [
      ...GROUPS.flatMap((group) =>
        of(group).flatMap((run) => {
          const unexpected = Object.entries(run.statusCodes).filter(([code]) => code !== "200" && code !== "409");
          return unexpected.length > 0 || run.errors > 0 ? [`${LABEL[group]}: ${describeLoad(run)}, ${run.errors} errors`] : [];
        }),
      ),
      // Two rows (patient, doctor) per booking with notices, warm-ups and cut-off requests included; none without.
      ...(rows < 2 * booked("notices") ? [`${rows} outbox rows for ${booked("notices")} bookings with notices (2 each expected)`] : []),
    ];
    const describe = (group: Group) =>
      `${LABEL[group]}: ${of(group)
        .map(
          (run) =>
            `${round((run.serverCpuMsPerRequest ?? NaN) * 1_000, 0)} µs (${Math.round(run.requestsPerSecond)} req/s, ${run.statusCodes["409"] ?? 0} × 409)`,
        )
        .join(", ")}`;
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
          `${rows} outbox rows written (2 per booking with notices: patient and doctor); the worker was held, so none was sent`,
        ],
        details: {
          targetCostPercent: TARGET_COST_PERCENT,
          costPercent: round(cost, 2),
          cpuUsPerBooking: { notices: cpuUs("notices"), none: cpuUs("none") },
          outboxRows: rows,
          runs: Object.fromEntries(runs),
        },
      },
    ];
  } finally {
    removeTempDir(dataDir);
  }
}
