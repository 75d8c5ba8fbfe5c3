// `pnpm bench`: runs each measurement in turn, prints one table (target, measured, result), writes
// it to bench-results/latest.json (and each measurement's rows to bench-results/<id>.json) and
// exits 1 when any target is missed. `pnpm bench <id> …` runs the named ones; the large-data
// measurements (seeded databases of 10^5–10^6 rows, minutes of load) run only when named, or
// with `pnpm bench all`.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg } from "node:os";
import { join, relative } from "node:path";
import { measureAuditCost } from "./audit-cost";
import { measureAdminEndpoints } from "./admin-endpoints";
import { measureBundleSize } from "./bundle-size";
import { measureCareSweeps } from "./care-sweeps";
import { measureLargeClinic } from "./large-clinic";
import { measureLighthouse } from "./lighthouse";
import { measureLoginEventLoop } from "./login-event-loop";
import { measureOutboxCost } from "./outbox-cost";
import { measureSeriesAndWaitlist } from "./series-waitlist";
import { measureMessageWrites } from "./message-writes";
import { measureMessagingReads } from "./messaging-reads";
import { measureMoney } from "./money";
import { measureRecordPdf } from "./record-pdf";
import { measureReminders } from "./reminders";
import { measureSealing } from "./sealing";
import { measureStartup } from "./startup";
import { measureSecondStepCpu, measureTwoStepLoginEventLoop } from "./two-step-sign-in";
import { checkServerBuild, installCleanupHandlers, REPO_ROOT, RESULTS_DIR, round, type CheckResult } from "./support";
import { measureUserEndpoint } from "./user-endpoint";
import { measureVisitSignalling } from "./visit-signalling";
import { measureWebSocketDelivery } from "./ws-delivery";

interface Measurement {
  /** What `pnpm bench <id> …` selects. */
  id: string;
  title: string;
  needsBuiltServer: boolean;
  /** Only when named (or `all`): large seeded databases and long runs. */
  optIn?: boolean;
  run: () => Promise<CheckResult[]>;
}

const MEASUREMENTS: Measurement[] = [
  { id: "startup", title: "Server start → /readyz 200", needsBuiltServer: true, run: measureStartup },
  { id: "bundle", title: "Landing page first-load JS", needsBuiltServer: false, run: measureBundleSize },
  { id: "lighthouse", title: "Lighthouse (mobile): landing page and patient dashboard", needsBuiltServer: true, run: measureLighthouse },
  { id: "sealing", title: "Sealing in the browser: a message, and a 10 MB file uploaded", needsBuiltServer: true, run: measureSealing },
  { id: "user", title: "GET /api/user, 50 connections", needsBuiltServer: true, run: measureUserEndpoint },
  { id: "login", title: "Event-loop delay, 20 logins", needsBuiltServer: false, run: measureLoginEventLoop },
  { id: "login-2fa", title: "Event-loop delay, 20 two-step logins (password + TOTP)", needsBuiltServer: false, run: measureTwoStepLoginEventLoop },
  { id: "totp", title: "Sign-in with TOTP: server CPU of the second step", needsBuiltServer: false, run: measureSecondStepCpu },
  { id: "record", title: "The patient's record as a PDF, 200 sessions", needsBuiltServer: false, run: measureRecordPdf },
  { id: "audit", title: "Audit log cost, GET /api/appointments", needsBuiltServer: false, run: measureAuditCost },
  { id: "clinic", title: "Large clinic: appointments, notes, slots, booking", needsBuiltServer: true, optIn: true, run: measureLargeClinic },
  { id: "messaging", title: "Messaging: 2,000,000 messages", needsBuiltServer: true, optIn: true, run: measureMessagingReads },
  {
    id: "message-writes",
    title: "POST /api/messages beside the Express anchor, one sealed body",
    needsBuiltServer: true,
    optIn: true,
    run: measureMessageWrites,
  },
  { id: "ws", title: "WebSocket delivery: 2,000 sockets, 200 messages/s", needsBuiltServer: true, optIn: true, run: measureWebSocketDelivery },
  { id: "visits", title: "Video visits: 500 rooms signalling, 1,000 sockets", needsBuiltServer: true, run: measureVisitSignalling },
  {
    id: "reminders",
    title: "Reminders: 10,000 due at once on the large clinic, sent over SMTP",
    needsBuiltServer: false,
    optIn: true,
    run: measureReminders,
  },
  {
    id: "outbox-cost",
    title: "Outbox cost: POST /api/appointments with and without notices",
    needsBuiltServer: false,
    optIn: true,
    run: measureOutboxCost,
  },
  {
    id: "care-sweeps",
    title: "Care sweep: a minute's notices and documents on the large clinic",
    needsBuiltServer: false,
    optIn: true,
    run: measureCareSweeps,
  },
  { id: "admin", title: "Admin: stats and audit log, 1,000,000 audit rows", needsBuiltServer: true, optIn: true, run: measureAdminEndpoints },
  {
    id: "series",
    title: "Issue 36: a 52-week series on the large clinic, and a freed hour offered to the first of 1,000 waiting",
    needsBuiltServer: true,
    optIn: true,
    run: measureSeriesAndWaitlist,
  },
  {
    id: "money",
    title: "The clinic's money: the large clinic's receivables, a superbill of a year of weekly sessions",
    needsBuiltServer: true,
    optIn: true,
    run: measureMoney,
  },
];

const LABEL = { pass: "PASS", fail: "FAIL", skipped: "SKIPPED", info: "info" } as const;

function write(text = ""): void {
  process.stdout.write(`${text}\n`);
}

function table(results: CheckResult[]): string {
  const header = ["Check", "Target", "Measured", "Result"];
  const rows = results.map((r) => [r.name, r.target, r.measured, LABEL[r.status]]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")} |`;
  const rule = `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`;
  return [line(header), rule, ...rows.map(line)].join("\n");
}

function gitCommit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO_ROOT, encoding: "utf8" }).trim();
  } catch {
    return null;
  }
}

async function main(): Promise<number> {
  installCleanupHandlers();
  const args = process.argv.slice(2).filter((arg) => arg !== "--");
  const wanted = args.includes("all") ? MEASUREMENTS.map((m) => m.id) : args;
  const unknown = wanted.filter((id) => !MEASUREMENTS.some((m) => m.id === id));
  if (unknown.length > 0) {
    console.error(`unknown benchmark(s): ${unknown.join(", ")}; choose from ${MEASUREMENTS.map((m) => m.id).join(", ")} or all`);
    return 1;
  }
  const selected = wanted.length > 0 ? MEASUREMENTS.filter((m) => wanted.includes(m.id)) : MEASUREMENTS.filter((m) => !m.optIn);
  write(`Halcyon benchmarks${wanted.length > 0 ? ` (${selected.map((m) => m.id).join(", ")})` : ""}\n`);
  if (wanted.length === 0) {
    write(
      `  (opt-in, not run: ${MEASUREMENTS.filter((m) => m.optIn)
        .map((m) => m.id)
        .join(", ")}; \`pnpm bench <id>\` or \`pnpm bench all\`)`,
    );
  }

  // Timings share the machine with everything else running on it: say so when it is busy.
  const loadAtStart = round(loadavg()[0] ?? 0, 2);
  if (loadAtStart > availableParallelism() / 2) {
    write(`  ! load average ${loadAtStart} on ${availableParallelism()} CPU(s): other work is running, figures will be noisy`);
  }

  let buildProblem: string | undefined;
  try {
    const stale = checkServerBuild();
    if (stale) write(`  ! ${stale}`);
  } catch (error) {
    buildProblem = (error as Error).message;
    write(`  ! ${buildProblem}`);
  }

  const results: CheckResult[] = [];
  const machine = {
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpu: cpus()[0]?.model ?? "unknown",
    cpus: availableParallelism(),
  };
  mkdirSync(RESULTS_DIR, { recursive: true });
  for (const measurement of selected) {
    write(`\n${measurement.title}`);
    const loadBefore = round(loadavg()[0] ?? 0, 2);
    const startedAt = new Date().toISOString();
    let rows: CheckResult[];
    if (measurement.needsBuiltServer && buildProblem) {
      rows = [{ name: measurement.title, target: "-", measured: "not run", status: "fail", notes: [buildProblem] }];
    } else {
      try {
        rows = await measurement.run();
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        write(`  ! failed: ${message}`);
        rows = [{ name: measurement.title, target: "-", measured: "error", status: "fail", notes: [message.split("\n")[0] ?? message] }];
      }
    }
    const loadAverage = { before: loadBefore, after: round(loadavg()[0] ?? 0, 2) };
    write(`  · load average ${loadAverage.before} → ${loadAverage.after} on ${availableParallelism()} CPU(s)`);
    results.push(...rows);
    const file = join(RESULTS_DIR, `${measurement.id}.json`);
    writeFileSync(file, `${JSON.stringify({ generatedAt: startedAt, commit: gitCommit(), machine: { ...machine, loadAverage }, results: rows }, null, 2)}\n`);
  }

  write(`\n${table(results)}\n`);
  for (const result of results) {
    if (!result.notes?.length) continue;
    write(`${result.name}:`);
    for (const note of result.notes) write(`  ${note}`);
  }

  const failed = results.filter((result) => result.status === "fail");
  const skipped = results.filter((result) => result.status === "skipped");
  const outFile = join(RESULTS_DIR, "latest.json");
  const report = {
    generatedAt: new Date().toISOString(),
    commit: gitCommit(),
    machine: { ...machine, loadAverage: { atStart: loadAtStart, atEnd: round(loadavg()[0] ?? 0, 2) } },
    passed: failed.length === 0,
    ran: selected.map((m) => m.id),
    results,
  };
  writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);

  write(
    `\n${failed.length === 0 ? "All targets met" : `${failed.length} target(s) missed: ${failed.map((r) => r.name).join("; ")}`}` +
      `${skipped.length > 0 ? ` (${skipped.length} skipped)` : ""}. Report: ${relative(REPO_ROOT, outFile)}`,
  );
  return failed.length === 0 ? 0 : 1;
}

// Exit explicitly: a measurement that left a timer or socket behind must not keep the run alive.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
