// Target 3: GET /api/user with a valid session, 50 connections for 10 s against the built server:
// requests/s, p50 and p99, every answer a 200. Then the claim behind it: the session lookup is
// one indexed query (see session-query-plan.ts).
import { join } from "node:path";
import { DEMO_PASSWORDS } from "@halcyon/domain";
import { CONNECTIONS, DURATION_S, describeLoad, loadNotes, runLoad, sessionCookie, signIn, WARMUP_S, type LoadSummary } from "./http-load";
import { explainSessionLookup } from "./session-query-plan";
import { DATABASE_FILE, makeTempDir, progress, removeTempDir, startServer, type CheckResult } from "./support";

export async function measureUserEndpoint(): Promise<CheckResult[]> {
  const dataDir = makeTempDir("user");
  try {
    progress("user: starting the built server on a fresh database");
    const { server } = await startServer({ dataDir });
    let token: string;
    let summary: LoadSummary;
    try {
      token = await signIn(server.baseUrl, "alex", DEMO_PASSWORDS.patient);
      const headers = sessionCookie(token);
      const check = await fetch(`${server.baseUrl}/api/user`, { headers });
      const body = (await check.json()) as { username?: string };
      if (check.status !== 200 || body.username !== "alex") {
        throw new Error(`GET /api/user with the session answered ${check.status}: ${JSON.stringify(body)}`);
      }
      progress(`user: signed in as alex; ${WARMUP_S} s warm-up, then ${CONNECTIONS} connections for ${DURATION_S} s`);
      summary = await runLoad({
        url: `${server.baseUrl}/api/user`,
        headers,
        ...(server.child.pid ? { serverPid: server.child.pid } : {}),
        verifyBody: (text) => text.includes('"username":"alex"'),
      });
    } finally {
      await server.stop();
    }

    const failures = summary.non2xx + summary.errors + summary.timeouts + summary.mismatches;
    progress(`user: ${summary.requests} requests, ${describeLoad(summary)}`);

    progress("user: EXPLAIN QUERY PLAN of the session lookup");
    const plan = await explainSessionLookup(join(dataDir, DATABASE_FILE), token);

    return [
      {
        name: "GET /api/user, 50 connections",
        target: `${DURATION_S} s at ${CONNECTIONS} connections; every answer 200 (report req/s, p50, p99)`,
        measured: describeLoad(summary),
        status: failures === 0 && summary.requests > 0 ? "pass" : "fail",
        notes: loadNotes(summary),
        details: { ...summary },
      },
      {
        name: "Session lookup query plan",
        target: "one query; every step a SEARCH on the primary key/an index, no SCAN",
        measured: `${plan.statements} query; ${plan.steps.map((step) => step.replace(/ \(.*\)$/, "").replace(/^SEARCH /, "")).join(" + ")}`,
        status: plan.problems.length === 0 ? "pass" : "fail",
        notes: [...plan.problems, ...plan.steps.map((step) => `plan: ${step}`), `sql: ${plan.sql}`],
        details: { ...plan },
      },
    ];
  } finally {
    removeTempDir(dataDir);
  }
}
