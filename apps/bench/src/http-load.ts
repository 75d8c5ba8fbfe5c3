// What the HTTP measurements share: signing in through POST /api/login, one autocannon run
// (warm-up, then N connections for D seconds) boiled down to the figures the report prints, and
// the report row of a latency target.
import autocannon, { type Request } from "autocannon";
import { loadavg } from "node:os";
import { processCpuMs, round, type CheckResult, type ServerProcess } from "./support";

export const COOKIE_NAME = "halcyon_session";
export const CONNECTIONS = 50;
export const DURATION_S = 10;
export const WARMUP_S = 2;
/** The one-connection run that shows a request's own latency, without queueing. */
export const SERVICE_TIME_S = 3;

/** Signs in with a username and password; answers the session token the cookie carries. */
export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`POST /api/login as ${username} answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith(`${COOKIE_NAME}=`));
  const token = cookie?.split(";")[0]?.slice(COOKIE_NAME.length + 1);
  if (!token) throw new Error(`POST /api/login as ${username} set no ${COOKIE_NAME} cookie`);
  return token;
}

export function sessionCookie(token: string): { cookie: string } {
  return { cookie: `${COOKIE_NAME}=${token}` };
}

/** Signs many users in, a few at a time (argon2 queues on the server anyway); answers tokens in order. */
export async function signInAll(baseUrl: string, usernames: string[], password: string, concurrency = 4): Promise<string[]> {
  const tokens: string[] = new Array<string>(usernames.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < usernames.length; index = next++) {
      tokens[index] = await signIn(baseUrl, usernames[index] ?? "", password);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, usernames.length) }, worker));
  return tokens;
}

/** A GET with the session cookie that must answer 200; answers the parsed body. */
export async function getJson<T>(baseUrl: string, path: string, token: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { headers: sessionCookie(token) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
  /** A sequence with per-request setup (each request different); replaces method/headers/body. */
  requests?: Request[];
  connections?: number;
  durationS?: number;
  /** 0 for none. */
  warmupS?: number;
  verifyBody?: (body: string) => boolean;
  /** The server's process id: its CPU time per request is measured too. */
  serverPid?: number;
  /** Requests a second across all connections (autocannon's overallRate): an open loop at this rate, not as fast as answered. */
  overallRate?: number;
}

export interface LoadSummary {
  connections: number;
  durationS: number;
  warmupS: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; mean: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  mismatches: number;
  statusCodes: Record<string, number>;
  /** The server's CPU time (all threads) per request of the measured run, when its pid was given. */
  serverCpuMsPerRequest?: number;
  /** 1-minute load average of the machine when the run ended. */
  loadAverage: number;
}

export async function runLoad(options: LoadOptions): Promise<LoadSummary> {
  const connections = options.connections ?? CONNECTIONS;
  const durationS = options.durationS ?? DURATION_S;
  const warmupS = options.warmupS ?? WARMUP_S;
  const run = (duration: number) =>
    autocannon({
      url: options.url,
      connections,
      duration,
      ...(options.method ? { method: options.method } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
      ...(options.body !== undefined ? { body: options.body } : {}),
      ...(options.requests ? { requests: options.requests } : {}),
      ...(options.overallRate !== undefined ? { overallRate: options.overallRate } : {}),
      ...(options.verifyBody ? { verifyBody: options.verifyBody } : {}),
    });
  // The warm-up is a run of its own (what autocannon's `warmup` does), so the CPU the server
  // spends can be read around the measured run alone.
  if (warmupS > 0) await run(warmupS);
  const cpuBefore = options.serverPid ? processCpuMs(options.serverPid) : undefined;
  const result = await run(durationS);
  const cpuAfter = options.serverPid ? processCpuMs(options.serverPid) : undefined;
  // At a fixed rate autocannon's latency histogram also counts the requests the rate held back
  // (its correction for coordinated omission): the answers are counted by status instead.
  const requests =
    options.overallRate === undefined ? result.latency.totalCount : Object.values(result.statusCodeStats).reduce((sum, { count }) => sum + count, 0);
  return {
    connections,
    durationS: round(result.duration, 2),
    warmupS,
    requests,
    requestsPerSecond: round(requests / (result.duration || durationS)),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      mean: round(result.latency.average, 2),
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches: result.mismatches,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
    ...(cpuBefore !== undefined && cpuAfter !== undefined && requests > 0 ? { serverCpuMsPerRequest: round((cpuAfter - cpuBefore) / requests, 3) } : {}),
    loadAverage: round(loadavg()[0] ?? 0, 2),
  };
}

/** Answers with a status of 500 or more. */
export function serverErrors(summary: LoadSummary): number {
  return Object.entries(summary.statusCodes).reduce((sum, [code, count]) => (Number(code) >= 500 ? sum + count : sum), 0);
}

export function describeLoad(summary: LoadSummary): string {
  return `${Math.round(summary.requestsPerSecond)} req/s, p50 ${summary.latencyMs.p50} ms, p99 ${summary.latencyMs.p99} ms, non-2xx ${summary.non2xx}`;
}

export function loadNotes(summary: LoadSummary): string[] {
  return [
    `${summary.requests} requests in ${summary.durationS} s at ${summary.connections} connections (after ${summary.warmupS} s warm-up); ` +
      `mean ${summary.latencyMs.mean} ms, p90 ${summary.latencyMs.p90} ms, max ${summary.latencyMs.max} ms; ` +
      `errors ${summary.errors}, timeouts ${summary.timeouts}, body mismatches ${summary.mismatches}; ` +
      `${summary.serverCpuMsPerRequest !== undefined ? `server CPU ${summary.serverCpuMsPerRequest} ms per request; ` : ""}load average ${summary.loadAverage}`,
    `status codes: ${
      Object.entries(summary.statusCodes)
        .map(([code, count]) => `${code} × ${count}`)
        .join(", ") || "none"
    }`,
  ];
}

export interface LatencyCheck {
  name: string;
  summary: LoadSummary;
  p99TargetMs: number;
  /** Non-2xx statuses that are correct answers (409 for a lost booking race); anything else fails. */
  acceptedStatuses?: number[];
  notes?: string[];
  details?: Record<string, unknown>;
}

/** A report row: p99 under the target, no errors, and every answer 2xx or an accepted status. */
export function latencyCheck({ name, summary, p99TargetMs, acceptedStatuses = [], notes = [], details = {} }: LatencyCheck): CheckResult {
  const unexpected = Object.entries(summary.statusCodes).filter(([code]) => !code.startsWith("2") && !acceptedStatuses.includes(Number(code)));
  const problems = [
    ...(summary.requests === 0 ? ["no request completed"] : []),
    ...unexpected.map(([code, count]) => `${count} answers ${code}`),
    ...(summary.errors + summary.timeouts + summary.mismatches > 0
      ? [`${summary.errors} errors, ${summary.timeouts} timeouts, ${summary.mismatches} body mismatches`]
      : []),
  ];
  const accepted = acceptedStatuses.length > 0 ? ` (${acceptedStatuses.join("/")} accepted)` : "";
  return {
    name,
    target: `p99 < ${p99TargetMs} ms at ${summary.connections} connections; every answer 2xx${accepted}`,
    measured: describeLoad(summary),
    status: summary.latencyMs.p99 < p99TargetMs && problems.length === 0 ? "pass" : "fail",
    notes: [...problems, ...notes, ...loadNotes(summary)],
    details: { p99TargetMs, ...summary, ...details },
  };
}

export interface ReadLoad {
  name: string;
  path: string;
  token: string;
  notes?: string[];
}

/** How many items an answer carries: an array's length, or that of the answer's first array. */
function itemsIn(body: unknown): number {
  if (Array.isArray(body)) return body.length;
  const list = body && typeof body === "object" ? Object.values(body).find(Array.isArray) : undefined;
  return Array.isArray(list) ? list.length : 1;
}

/** Each GET in turn: one checked answer (200, items counted), then the load run and its row. */
export async function measureReads(server: ServerProcess, reads: ReadLoad[], p99TargetMs: number, log: (message: string) => void): Promise<CheckResult[]> {
  const baseUrl = server.baseUrl;
  const serverPid = server.child.pid !== undefined ? { serverPid: server.child.pid } : {};
  const rows: CheckResult[] = [];
  for (const read of reads) {
    const items = itemsIn(await getJson<unknown>(baseUrl, read.path, read.token));
    const url = `${baseUrl}${read.path}`;
    const headers = sessionCookie(read.token);
    // One connection first: the time one request takes when nothing queues (its service time).
    const alone = await runLoad({ url, headers, connections: 1, durationS: SERVICE_TIME_S, warmupS: 1, ...serverPid });
    log(`${read.name}: ${items} items per answer; alone p50 ${alone.latencyMs.p50} ms; ${CONNECTIONS} connections for ${DURATION_S} s`);
    const summary = await runLoad({ url, headers, ...serverPid });
    log(
      `${read.name}: ${describeLoad(summary)}${summary.serverCpuMsPerRequest !== undefined ? `; server CPU ${summary.serverCpuMsPerRequest} ms/request` : ""}`,
    );
    rows.push(
      latencyCheck({
        name: read.name,
        summary,
        p99TargetMs,
        notes: [...(read.notes ?? []), `GET ${read.path}: ${items} items per answer; one connection alone: ${describeLoad(alone)}`],
        details: { path: read.path, items, oneConnection: alone },
      }),
    );
  }
  return rows;
}
