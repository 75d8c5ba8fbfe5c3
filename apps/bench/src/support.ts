// What every measurement shares: the result shape, progress lines, temp directories and child
// processes that are cleaned up however the run ends, and starting the built server.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const BENCH_DIR = fileURLToPath(new URL("..", import.meta.url));
export const REPO_ROOT = resolve(BENCH_DIR, "../..");
/** The server under measurement; it runs from here, as `pnpm serve` runs it. */
export const API_DIR = join(REPO_ROOT, "apps", "api");
export const SERVER_ENTRY = join(API_DIR, "dist", "server.js");
/** Node's flags for the server, from `pnpm serve`: the bench measures the server as production starts it. */
export const SERVER_NODE_FLAGS = serveScriptFlags();

function serveScriptFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(API_DIR, "package.json"), "utf8")) as { scripts: { serve: string } };
  const [node, ...rest] = scripts.serve.trim().split(/\s+/);
  if (node !== "node" || rest.at(-1) !== "dist/server.js") throw new Error(`apps/api's serve script is not "node <flags> dist/server.js": ${scripts.serve}`);
  return rest.slice(0, -1);
}
export const DATABASE_FILE = "halcyon.db";
/** Where every run writes its JSON (git-ignored), and where seeded databases are kept between runs. */
export const RESULTS_DIR = join(BENCH_DIR, "bench-results");
export const CACHE_DIR = join(RESULTS_DIR, "cache");

export type Status = "pass" | "fail" | "skipped" | "info";

export interface CheckResult {
  /** Short name, the first column of the table. */
  name: string;
  target: string;
  measured: string;
  status: Status;
  /** Lines printed under the table (files, query plan, reasons). */
  notes?: string[];
  /** Everything measured, for bench-results/latest.json. */
  details?: Record<string, unknown>;
}

export function progress(message: string): void {
  process.stdout.write(`  · ${message}\n`);
}

// ---------------------------------------------------------------------------------------------
// Cleanup: whatever is created here is removed on exit, even after an error or Ctrl-C.

const tempDirs = new Set<string>();
const children = new Set<ChildProcess>();

export function makeTempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `halcyon-bench-${label}-`));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

function cleanUpSync(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  children.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

export function installCleanupHandlers(): void {
  process.once("exit", cleanUpSync);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      process.stderr.write(`\nbench: ${signal}, cleaning up\n`);
      cleanUpSync();
      process.exit(130);
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The built server as a child process.

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolvePort(port) : reject(new Error("no free port"))));
    });
  });
}

/** Throws unless dist/server.js exists; returns a warning when sources are newer than it. */
export function checkServerBuild(): string | undefined {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: build it with \`pnpm --filter @halcyon/api build\``);
  }
  const builtAt = statSync(SERVER_ENTRY).mtimeMs;
  const sources = ["apps/api/src", "packages/domain/src", "packages/db/src"].map((dir) => join(REPO_ROOT, dir));
  const newer = sources.flatMap((dir) => filesUnder(dir)).find((file) => statSync(file).mtimeMs > builtAt);
  return newer ? `dist/server.js is older than ${newer.slice(REPO_ROOT.length + 1)}; rebuild for current figures` : undefined;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** performance.now() just before the process was spawned. */
  spawnedAt: number;
  /** The last few KB the server wrote, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface SpawnServerOptions {
  dataDir: string;
  port: number;
  /** Extra or overriding environment variables. */
  env?: Record<string, string>;
  /** Node's arguments: the built server by default; src/app-server.ts runs buildApp from source. */
  args?: string[];
}

export function spawnServer({ dataDir, port, env = {}, args = [...SERVER_NODE_FLAGS, SERVER_ENTRY] }: SpawnServerOptions): ServerProcess {
  // A clean environment: nothing from the caller's shell (DATABASE_URL, PUBLIC_ORIGIN, …) leaks in.
  const childEnv: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    // Not production: it refuses to start with the demo clinic's published passwords, which the
    // benches sign in with. The server behaves the same otherwise.
    NODE_ENV: "development",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
    ...env,
  };
  // BENCH_CPU_PROF=1: every server writes a V8 CPU profile on exit, for finding where time goes.
  const profile = process.env.BENCH_CPU_PROF === "1" ? ["--cpu-prof", "--cpu-prof-dir", join(RESULTS_DIR, "profiles")] : [];
  let output = "";
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...profile, ...args], { cwd: API_DIR, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  const keep = (chunk: Buffer) => void (output = (output + chunk.toString("utf8")).slice(-8_192));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  void exited.then(() => children.delete(child));

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    spawnedAt,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The status of one GET, or 0 when nothing answered. */
export function probe(url: string, timeoutMs = 1_000): Promise<number> {
  return new Promise((done) => {
    const req = request(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    req.once("timeout", () => req.destroy());
    req.once("error", () => done(0));
    req.end();
  });
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Polls `path` (Halcyon's /readyz) every `intervalMs` until it answers `status` (200; "any" for
 * a server without a readiness path, whose first answer of any kind says it listens); returns
 * milliseconds since the spawn.
 */
export async function waitForReady(
  server: ServerProcess,
  { path = "/readyz", status: wanted = 200 as number | "any", intervalMs = 10, timeoutMs = 30_000 } = {},
): Promise<number> {
  const deadline = server.spawnedAt + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`the server exited (${server.child.exitCode ?? server.child.signalCode}) before it was ready:\n${server.output()}`);
    }
    const status = await probe(`${server.baseUrl}${path}`);
    const now = performance.now();
    if (wanted === "any" ? status !== 0 : status === wanted) return now - server.spawnedAt;
    if (now > deadline) throw new Error(`no ${wanted === "any" ? "answer" : wanted} on ${path} within ${timeoutMs} ms:\n${server.output()}`);
    await sleep(intervalMs);
  }
}

/** Spawns the built server on a free port and waits until /readyz answers 200. */
export async function startServer(options: Omit<SpawnServerOptions, "port">): Promise<{ server: ServerProcess; readyAfterMs: number }> {
  const server = spawnServer({ ...options, port: await freePort() });
  try {
    return { server, readyAfterMs: await waitForReady(server) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

let clockTicks: number | undefined;
/**
 * CPU time a process has used so far, all its threads, user + system, in milliseconds (Linux:
 * /proc/<pid>/stat); undefined where there is no /proc. Unlike throughput, CPU time per request
 * hardly depends on what else the machine is running.
 */
export function processCpuMs(pid: number): number | undefined {
  try {
    clockTicks ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command (which may hold spaces) start at ") ": utime and stime are 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1_000) / clockTicks;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Numbers.

/** A positive number from the environment (a whole one if asked); undefined when unset; a clear error for anything else. */
export function numberFromEnvironment(name: string, { integer }: { integer: boolean }): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!(value > 0) || (integer && !Number.isInteger(value))) throw new Error(`${name}=${raw}: give a ${integer ? "whole " : ""}number above 0`);
  return value;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/** The value below which `p` percent of the values fall (nearest rank); NaN for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

export function formatMs(ms: number): string {
  return ms >= 1_000 ? `${round(ms / 1_000, 2)} s` : `${round(ms, ms < 10 ? 2 : 0)} ms`;
}

/** Kilobytes as Vite prints them (1 kB = 1,000 bytes). */
export function formatKb(bytes: number): string {
  return `${round(bytes / 1_000, 1)} kB`;
}
