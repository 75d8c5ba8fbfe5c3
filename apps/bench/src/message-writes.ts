// Issue 14's write target: POST /api/messages serves at least 2× what the Express anchor serves, at
// equal durability. The anchors' own runner (../shared/perf-anchors/run.mjs) cannot measure it:
// it posts plain text, which Halcyon refuses (messages are sealed in the sender's browser). So
// this sends both servers one and the same body, a real sealed envelope (sealed here, before the
// servers start, to the patient's, the doctor's and the clinic's records key), on two copies of
// the messaging database: Halcyon, and the anchors' Express + express-session + passport app with
// SQLite's synchronous=FULL (every answered write on disk, as Halcyon's commit groups are). Each
// server writes the message, both conversation rows and an audit row per request. Rounds
// alternate the servers; the ratio is of the medians. Opt-in: `pnpm bench message-writes`.
// Needs the anchors beside the checkout (PERF_ANCHORS, default ../shared/perf-anchors) with their
// dependencies installed (one run of their run.mjs installs them into ANCHORS_DEPS).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { sealMessage } from "@halcyon/sealed";
import { BENCH_PASSWORD } from "./bulk-load";
import { copyIntoDataDir } from "./db-cache";
import { COOKIE_NAME, runLoad, signIn, type LoadSummary } from "./http-load";
import { messagingDatabase, messagingDoctorId, messagingPatientId, messagingPatientUsername, publicKeysIn } from "./seed-messaging";
import {
  freePort,
  makeTempDir,
  median,
  numberFromEnvironment,
  progress,
  removeTempDir,
  REPO_ROOT,
  round,
  spawnServer,
  startServer,
  waitForReady,
  type CheckResult,
  type ServerProcess,
} from "./support";

const ANCHORS_DIR = resolve(REPO_ROOT, process.env.PERF_ANCHORS ?? "../shared/perf-anchors");
const ANCHORS_DEPS = resolve(REPO_ROOT, process.env.ANCHORS_DEPS ?? "apps/api/bench-results/anchors-deps");
const ROUNDS = numberFromEnvironment("BENCH_ANCHOR_ROUNDS", { integer: true }) ?? 3;
const TARGET_RATIO = 2;
/** A pair of the messaging seed whose conversation exists (doctor i and patient i). */
const PAIR = 7;
const TEXT = "Thank you for today. I tried the breathing exercise twice this week, and it helped before Thursday's meeting.";
const NAME = "POST /api/messages against Express (sealed, same body)";

interface Target {
  name: "halcyon" | "express";
  url: string;
  cookie: string;
  pid: number;
}

/** Starts the Express anchor on `db`, with a session for `userId` under `token`: the server and its cookie. */
async function startExpress(db: string, dataDir: string, token: string, userId: number): Promise<{ server: ServerProcess; cookie: string }> {
  const env = { HALCYON_ROOT: REPO_ROOT, ANCHORS_DEPS, DB: db, SESSION_DB: join(dataDir, "sessions.db"), SYNC: "FULL" };
  const app = join(ANCHORS_DIR, "express-app.mjs");
  const cookie = execFileSync(process.execPath, [app, "--seed-session", token, String(userId)], {
    env: { PATH: process.env.PATH ?? "", ...env },
    cwd: REPO_ROOT,
  })
    .toString()
    .trim();
  const server = spawnServer({ dataDir, port: await freePort(), env, args: [app] });
  // It has no readiness path: any answer (a 401 to nobody signed in) says it listens.
  await waitForReady(server, { path: "/api/user", status: "any", intervalMs: 100 }).catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  return { server, cookie };
}

export async function measureMessageWrites(): Promise<CheckResult[]> {
  const target = `Halcyon ≥ ${TARGET_RATIO}× Express (synchronous=FULL), median of ${ROUNDS} rounds`;
  if (!existsSync(join(ANCHORS_DIR, "express-app.mjs")) || !existsSync(join(ANCHORS_DEPS, "node_modules", "express"))) {
    return [
      {
        name: NAME,
        target,
        measured: "not run",
        status: "skipped",
        notes: [`needs the anchors at ${ANCHORS_DIR} (PERF_ANCHORS) with their dependencies in ${ANCHORS_DEPS}: run node ../shared/perf-anchors/run.mjs once`],
      },
    ];
  }
  const { file } = await messagingDatabase();
  const patientId = messagingPatientId(PAIR);
  const doctorId = messagingDoctorId(PAIR);
  const keys = publicKeysIn(file, [patientId, doctorId]);
  const envelope = await sealMessage({ text: TEXT }, [keys.members.get(patientId)!, keys.members.get(doctorId)!, keys.records]);
  const body = JSON.stringify({ receiverId: doctorId, content: envelope });

  const halcyonDir = makeTempDir("message-writes-halcyon");
  const expressDir = makeTempDir("message-writes-express");
  let halcyon: ServerProcess | undefined;
  let express: ServerProcess | undefined;
  try {
    copyIntoDataDir(file, halcyonDir);
    halcyon = (await startServer({ dataDir: halcyonDir, env: { SEED_DEMO: "false" } })).server;
    const token = await signIn(halcyon.baseUrl, messagingPatientUsername(PAIR), BENCH_PASSWORD);
    const anchor = await startExpress(copyIntoDataDir(file, expressDir), expressDir, token, patientId);
    express = anchor.server;
    const targets: Target[] = [
      { name: "halcyon", url: `${halcyon.baseUrl}/api/messages`, cookie: `${COOKIE_NAME}=${token}`, pid: halcyon.child.pid ?? 0 },
      { name: "express", url: `${express.baseUrl}/api/messages`, cookie: anchor.cookie, pid: express.child.pid ?? 0 },
    ];
    // Both must write the message: a refusal answered fast would flatter either side.
    for (const { name, url, cookie } of targets) {
      const response = await fetch(url, { method: "POST", headers: { cookie, "content-type": "application/json" }, body });
      if (response.status !== 200) throw new Error(`${name} answered the sealed message with ${response.status}: ${await response.text()}`);
    }
    const runs: Record<Target["name"], LoadSummary[]> = { halcyon: [], express: [] };
    for (let index = 0; index < ROUNDS; index += 1) {
      for (const { name, url, cookie, pid } of targets) {
        progress(`message-writes: round ${index + 1} of ${ROUNDS}, ${name}`);
        runs[name].push(await runLoad({ url, method: "POST", headers: { cookie, "content-type": "application/json" }, body, serverPid: pid }));
      }
    }
    const rate = (name: Target["name"]) => median(runs[name].map((run) => run.requestsPerSecond));
    const ratio = round(rate("halcyon") / rate("express"), 2);
    const failures = Object.values(runs)
      .flat()
      .reduce((sum, run) => sum + run.non2xx + run.errors, 0);
    const each = (name: Target["name"]) =>
      `${name}: ${runs[name].map((run) => `${run.requestsPerSecond} req/s (p99 ${run.latencyMs.p99} ms, ${run.serverCpuMsPerRequest ?? "?"} ms CPU)`).join("; ")}`;
    return [
      {
        name: NAME,
        target,
        measured: `${ratio}× (Halcyon ${rate("halcyon")} req/s, Express ${rate("express")} req/s)`,
        status: failures === 0 && ratio >= TARGET_RATIO ? "pass" : "fail",
        notes: [
          `one body for both: a message of ${TEXT.length} characters sealed to three P-256 keys (${envelope.length} characters), patient ${patientId} to doctor ${doctorId}`,
          each("halcyon"),
          each("express"),
          ...(failures > 0 ? [`${failures} requests failed or were answered with another status than 200`] : []),
        ],
        details: { ratio, runs },
      },
    ];
  } finally {
    await express?.stop();
    await halcyon?.stop();
    removeTempDir(halcyonDir);
    removeTempDir(expressDir);
  }
}
