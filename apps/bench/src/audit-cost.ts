// Issue 5a, what the audit log costs: GET /api/appointments as a patient writes one audit row per
// request (appointment.read). The app is built with buildApp() in a process of its own
// (app-server.ts) with its audit log as it ships, and with an audit sink that drops every event;
// each is driven at 50 connections for 10 s on a fresh demo clinic, in rotating order over five
// rounds (the machine is shared: rotating spreads its noise over all, and each figure is a
// median). Target: the audited server serves at least 90% of the unaudited one's requests/s.
// The server's CPU time per request is read too: it tells whether the audit log costs work or
// waiting, and it hardly moves with what else the machine runs (req/s does).
import { join } from "node:path";
import { connect, verifyAuditChain } from "@halcyon/db";
import { DEMO_PASSWORDS } from "@halcyon/domain";
import { appServerArgs, type AuditMode } from "./app-server";
import { describeLoad, loadNotes, runLoad, sessionCookie, signIn, type LoadSummary } from "./http-load";
import { DATABASE_FILE, makeTempDir, median, progress, removeTempDir, round, startServer, type CheckResult } from "./support";
import { loadAuditKey } from "@halcyon/api/audit-key";

const TARGET_COST_PERCENT = 10;
const ROUNDS = 5;
const PATH = "/api/appointments";
const MODES: AuditMode[] = ["app", "off"];
const LABEL: Record<AuditMode, string> = { app: "audited", off: "no audit" };

interface Run {
  summary: LoadSummary;
  /** appointment.read rows the run left, and whether the whole chain verifies. */
  auditRows: number;
  chainValid: boolean;
}

async function runMode(mode: AuditMode): Promise<Run> {
  const dataDir = makeTempDir("audit");
  try {
    const { server } = await startServer({ dataDir, args: appServerArgs({ audit: mode }) });
    let summary: LoadSummary;
    try {
      const token = await signIn(server.baseUrl, "alex", DEMO_PASSWORDS.patient);
      summary = await runLoad({ url: `${server.baseUrl}${PATH}`, headers: sessionCookie(token), ...(server.child.pid ? { serverPid: server.child.pid } : {}) });
    } finally {
      await server.stop();
    }
    const handle = connect({ kind: "sqlite", file: join(dataDir, DATABASE_FILE), auditKey: loadAuditKey({ DATA_DIR: dataDir }) });
    try {
      const reads = await handle.db
        .selectFrom("audit_log")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("action", "=", "appointment.read")
        .executeTakeFirstOrThrow();
      const chain = await verifyAuditChain(handle.db, handle.auditKey);
      return { summary, auditRows: Number(reads.n), chainValid: chain.firstBroken === undefined };
    } finally {
      await handle.close();
    }
  } finally {
    removeTempDir(dataDir);
  }
}

export async function measureAuditCost(): Promise<CheckResult[]> {
  const runs = new Map<AuditMode, Run[]>(MODES.map((mode) => [mode, []]));
  for (let index = 0; index < ROUNDS; index += 1) {
    const order = MODES.map((_, offset) => MODES[(index + offset) % MODES.length] ?? "app");
    for (const mode of order) {
      progress(`audit: round ${index + 1}/${ROUNDS}, ${LABEL[mode]}: GET ${PATH} as alex, 50 connections for 10 s`);
      const run = await runMode(mode);
      runs.get(mode)?.push(run);
      progress(`audit: ${LABEL[mode]}: ${describeLoad(run.summary)}; ${run.auditRows} appointment.read rows, chain ${run.chainValid ? "valid" : "BROKEN"}`);
    }
  }

  const of = (mode: AuditMode) => runs.get(mode) ?? [];
  const rps = (mode: AuditMode) => median(of(mode).map((run) => run.summary.requestsPerSecond));
  const costOf = (mode: AuditMode) => ((rps("off") - rps(mode)) / rps("off")) * 100;
  const describe = (mode: AuditMode) =>
    `${LABEL[mode]}: ${of(mode)
      .map((run) => Math.round(run.summary.requestsPerSecond))
      .join(", ")} req/s, p99 ${of(mode)
      .map((run) => `${run.summary.latencyMs.p99} ms`)
      .join(", ")}`;
  // The claims behind the comparison: every request of an audited run (warm-up included) left its
  // row and the chain verifies; the unaudited runs left none.
  const problems = [
    ...MODES.flatMap((mode) =>
      of(mode).flatMap((run) => [
        ...(run.summary.non2xx + run.summary.errors + run.summary.timeouts > 0 ? [`${LABEL[mode]}: ${describeLoad(run.summary)}`] : []),
        ...(mode !== "off" && run.auditRows < run.summary.requests ? [`${LABEL[mode]}: ${run.auditRows} audit rows for ${run.summary.requests} requests`] : []),
        ...(mode === "off" && run.auditRows > 0 ? [`no audit: ${run.auditRows} audit rows written`] : []),
        ...(!run.chainValid ? [`${LABEL[mode]}: the audit chain does not verify`] : []),
      ]),
    ),
  ];
  const cost = costOf("app");
  // CPU time per request: the cost in work, nearly free of the noise other processes add to req/s.
  const cpu = (mode: AuditMode) => median(of(mode).map((run) => run.summary.serverCpuMsPerRequest ?? NaN));
  const cpuCost = (mode: AuditMode) => ((cpu(mode) - cpu("off")) / cpu("off")) * 100;
  const signed = (percent: number) => `${percent >= 0 ? "+" : ""}${round(percent, 1)}%`;
  const cpuText = (mode: AuditMode) => `server CPU ${round(cpu(mode), 3)} vs ${round(cpu("off"), 3)} ms per request (${signed(cpuCost(mode))})`;
  return [
    {
      name: "Audit log cost (GET /api/appointments)",
      target: `< ${TARGET_COST_PERCENT}% fewer req/s with the audit log than without (50 connections; median of ${ROUNDS} runs each)`,
      measured: `${Math.round(rps("app"))} req/s audited vs ${Math.round(rps("off"))} without: cost ${round(cost, 1)}% (CPU per request ${signed(cpuCost("app"))})`,
      status: cost < TARGET_COST_PERCENT && problems.length === 0 ? "pass" : "fail",
      notes: [
        ...problems,
        describe("app"),
        describe("off"),
        cpuText("app"),
        ...of("app")
          .slice(-1)
          .flatMap((run) => loadNotes(run.summary).map((line) => `last audited run: ${line}`)),
      ],
      details: {
        targetCostPercent: TARGET_COST_PERCENT,
        costPercent: round(cost, 2),
        requestsPerSecond: { audited: round(rps("app")), unaudited: round(rps("off")) },
        serverCpuMsPerRequest: { audited: round(cpu("app"), 3), unaudited: round(cpu("off"), 3), costPercent: round(cpuCost("app"), 1) },
        runs: { audited: of("app"), unaudited: of("off") },
      },
    },
  ];
}
