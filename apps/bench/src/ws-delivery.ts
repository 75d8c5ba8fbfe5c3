// Issue 4b, live delivery: the built server (a child process) on a copy of the messaging
// database, 2,000 WebSockets open at once (doctor i and patient i, i = 1…1,000, one session
// each), while this process sends POST /api/messages at 200 messages/s in total for 20 s, round
// robin over the pairs, each way in turn (after a 2 s warm-up at that rate, not counted).
// Delivery latency: from sending the POST to the `new_message` push (matched by the id the POST
// answers) arriving on the RECEIVER's socket. A push that never arrives is lost. Meanwhile the
// server's resident memory (VmRSS in /proc/<pid>/status) is sampled every 250 ms.
// Targets: p99 < 50 ms, nothing lost; RSS < 300 MB. Opt-in: `pnpm bench ws` (BENCH_WS_RATE=100
// for another rate).
//
// Messages are sealed (issue 18: the server refuses anything else), each to its sender's, its
// receiver's and the clinic's records key as the seed stored them (seed-messaging.ts). One
// envelope per sender → receiver direction used (2,000) is sealed here, in this process, before
// the server starts and long before the timed part: what is timed is the server taking and
// delivering a sealed message, not sealing it (the `sealing` measurement times that, in Chromium).
//
// The 2,000 sessions are written into the copy before the server starts (the rows a sign-in
// writes, for a fresh random token each), because signing 2,000 users in through argon2 takes
// over a minute on 2 CPUs and measures sign-in, not delivery. BENCH_WS_SIGN_IN=login signs each
// in through POST /api/login instead.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { hashSessionToken } from "@halcyon/domain";
import { sealMessage } from "@halcyon/sealed";
import Database from "better-sqlite3";
import WebSocket from "ws";
import { BENCH_PASSWORD } from "./bulk-load";
import { copyIntoDataDir } from "./db-cache";
import { sessionCookie, signInAll } from "./http-load";
import {
  MESSAGING,
  messagingDatabase,
  messagingDoctorId,
  messagingDoctorUsername,
  messagingPatientId,
  messagingPatientUsername,
  publicKeysIn,
} from "./seed-messaging";
import {
  formatMs,
  makeTempDir,
  numberFromEnvironment,
  percentile,
  processCpuMs,
  progress,
  removeTempDir,
  round,
  sleep,
  startServer,
  type CheckResult,
} from "./support";

const PAIRS = MESSAGING.wsPairs;
/** BENCH_WS_RATE overrides it, to find the rate the server keeps up with. */
const RATE_PER_S = numberFromEnvironment("BENCH_WS_RATE", { integer: false }) ?? 200;
const DRIVE_S = 20;
const WARM_UP_S = 2;
const P99_TARGET_MS = 50;
const RSS_TARGET_MB = 300;
const RSS_SAMPLE_MS = 250;
/** After the last send, how long pushes may still arrive before they count as lost. */
const GRACE_MS = 3_000;
const CONNECT_BATCH = 100;

export interface BenchUser {
  id: number;
  username: string;
  token: string;
}

/** The rows a sign-in writes (packages/domain/src/auth/sessions.ts), one fresh token per user. */
export function writeSessions(file: string, users: Omit<BenchUser, "token">[]): BenchUser[] {
  const db = new Database(file);
  try {
    const now = new Date();
    const expires = new Date(now.getTime() + 12 * 3_600_000).toISOString();
    const insert = db.prepare(
      `insert into login_sessions (id_hash, user_id, created_at, last_seen_at, expires_at, ip, user_agent) values (?, ?, ?, ?, ?, '127.0.0.1', 'halcyon-bench')`,
    );
    const signedIn = users.map((user) => ({ ...user, token: randomBytes(32).toString("base64url") }));
    db.transaction(() => {
      for (const user of signedIn) insert.run(hashSessionToken(user.token), user.id, now.toISOString(), now.toISOString(), expires);
    })();
    return signedIn;
  } finally {
    db.close();
  }
}

/**
 * One sealed envelope per direction of each pair (key `${senderId}>${receiverId}`), sealed to the
 * sender's, the receiver's and the records key stored in `file`: the content each POST sends.
 */
async function sealEnvelopes(file: string, directions: { senderId: number; receiverId: number }[]): Promise<Map<string, string>> {
  const keys = publicKeysIn(file, [...new Set(directions.flatMap((d) => [d.senderId, d.receiverId]))]);
  const envelopes = new Map<string, string>();
  const sealOne = async ({ senderId, receiverId }: { senderId: number; receiverId: number }) => {
    const sender = keys.members.get(senderId);
    const receiver = keys.members.get(receiverId);
    if (!sender || !receiver) throw new Error(`no keys for ${senderId} → ${receiverId}`);
    const text = `Bench message from ${senderId} to ${receiverId}: how are you today? Did the breathing exercise help this week?`;
    envelopes.set(`${senderId}>${receiverId}`, await sealMessage({ text }, [sender, receiver, keys.records]));
  };
  for (let index = 0; index < directions.length; index += 100) await Promise.all(directions.slice(index, index + 100).map(sealOne));
  return envelopes;
}

/** VmRSS of a process, in MB (0 once it is gone). */
export function residentMb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

function openSocket(url: string, user: BenchUser, onPush: (messageId: number) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: sessionCookie(user.token) });
    socket.on("message", (data: WebSocket.RawData) => {
      const event = JSON.parse(data.toString()) as { type?: string; data?: { id?: number; receiverId?: number } };
      if (event.type === "new_message" && event.data?.receiverId === user.id && event.data.id !== undefined) onPush(event.data.id);
    });
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
    socket.once("unexpected-response", (_request, response) => reject(new Error(`${user.username}: /ws answered ${response.statusCode}`)));
  });
}

export async function measureWebSocketDelivery(): Promise<CheckResult[]> {
  const messaging = await messagingDatabase();
  const dataDir = makeTempDir("ws");
  const sockets: WebSocket[] = [];
  try {
    const file = copyIntoDataDir(messaging.file, dataDir);
    const doctors = Array.from({ length: PAIRS }, (_, i) => ({ id: messagingDoctorId(i), username: messagingDoctorUsername(i) }));
    const patients = Array.from({ length: PAIRS }, (_, i) => ({ id: messagingPatientId(i), username: messagingPatientUsername(i) }));
    const viaLogin = process.env.BENCH_WS_SIGN_IN === "login";
    let users: BenchUser[] = viaLogin ? [] : writeSessions(file, [...doctors, ...patients]);

    // Sealed before the server starts: sealing is not part of what the server is timed on.
    const sealingStarted = performance.now();
    const envelopes = await sealEnvelopes(file, [
      ...doctors.map((doctor, i) => ({ senderId: doctor.id, receiverId: patients[i]?.id ?? 0 })),
      ...patients.map((patient, i) => ({ senderId: patient.id, receiverId: doctors[i]?.id ?? 0 })),
    ]);
    const sealingMs = performance.now() - sealingStarted;
    const envelopeChars = Math.round([...envelopes.values()].reduce((sum, envelope) => sum + envelope.length, 0) / envelopes.size);
    progress(`ws: ${envelopes.size} envelopes sealed (one per direction of each pair, ~${envelopeChars} characters) in ${formatMs(sealingMs)}`);

    progress(`ws: starting the built server on a copy of the messaging database`);
    const { server } = await startServer({ dataDir, env: { SEED_DEMO: "false" } });
    const pid = server.child.pid ?? 0;
    const rss: { at: number; mb: number }[] = [];
    const sampler = setInterval(() => rss.push({ at: performance.now(), mb: residentMb(pid) }), RSS_SAMPLE_MS);
    try {
      if (viaLogin) {
        progress(`ws: signing ${2 * PAIRS} users in through POST /api/login`);
        const all = [...doctors, ...patients];
        const tokens = await signInAll(
          server.baseUrl,
          all.map((user) => user.username),
          BENCH_PASSWORD,
        );
        users = all.map((user, index) => ({ ...user, token: tokens[index] ?? "" }));
      }
      const rssIdle = residentMb(pid);

      // Pushes and answers may come in either order: whichever comes second completes the pair.
      const sentAt = new Map<number, number>();
      const arrivedAt = new Map<number, number>();
      const latencies: number[] = [];
      const onPush = (messageId: number) => {
        const now = performance.now();
        const sent = sentAt.get(messageId);
        if (sent === undefined) arrivedAt.set(messageId, now);
        else latencies.push(now - sent);
      };

      progress(`ws: opening ${users.length} sockets, ${CONNECT_BATCH} at a time`);
      const wsUrl = `${server.baseUrl.replace(/^http/, "ws")}/ws`;
      const connectStarted = performance.now();
      for (let index = 0; index < users.length; index += CONNECT_BATCH) {
        const batch = users.slice(index, index + CONNECT_BATCH);
        sockets.push(...(await Promise.all(batch.map((user) => openSocket(wsUrl, user, onPush)))));
      }
      const connectMs = performance.now() - connectStarted;
      await sleep(1_000);
      const rssConnected = residentMb(pid);
      progress(`ws: ${sockets.length} sockets open in ${formatMs(connectMs)}; server RSS ${round(rssConnected)} MB (${round(rssIdle)} MB before)`);

      progress(`ws: POST /api/messages at ${RATE_PER_S}/s for ${DRIVE_S} s, round robin over ${PAIRS} pairs`);
      const byId = new Map(users.map((user) => [user.id, user]));
      const postLatencies: number[] = [];
      const postFailures = new Map<string, number>();
      const failed = (reason: string) => void postFailures.set(reason, (postFailures.get(reason) ?? 0) + 1);
      const inFlight = new Set<Promise<void>>();
      const send = (n: number) => {
        const pair = n % PAIRS;
        const patientWrites = Math.floor(n / PAIRS) % 2 === 0;
        const sender = byId.get(patientWrites ? messagingPatientId(pair) : messagingDoctorId(pair));
        const receiverId = patientWrites ? messagingDoctorId(pair) : messagingPatientId(pair);
        if (!sender) throw new Error(`no session for pair ${pair}`);
        const content = envelopes.get(`${sender.id}>${receiverId}`);
        if (!content) throw new Error(`no envelope for ${sender.id} → ${receiverId}`);
        const started = performance.now();
        const request = fetch(`${server.baseUrl}/api/messages`, {
          method: "POST",
          headers: { "content-type": "application/json", ...sessionCookie(sender.token) },
          body: JSON.stringify({ receiverId, content, clientId: `bench-${n}-${Math.round(started)}` }),
        })
          .then(async (response) => {
            const body = (await response.json()) as { id?: number };
            postLatencies.push(performance.now() - started);
            if (response.status !== 200 || body.id === undefined) return failed(`HTTP ${response.status}`);
            const arrived = arrivedAt.get(body.id);
            sentAt.set(body.id, started);
            if (arrived !== undefined) {
              latencies.push(arrived - started);
              arrivedAt.delete(body.id);
            }
          })
          .catch((error: unknown) => failed(error instanceof Error ? error.message : String(error)))
          .finally(() => inFlight.delete(request));
        inFlight.add(request);
      };

      let sent = 0;
      /** Sends at RATE_PER_S for `seconds`; answers when it started and how many it sent. */
      const drive = async (seconds: number) => {
        const started = performance.now();
        const from = sent;
        for (;;) {
          const elapsed = performance.now() - started;
          if (elapsed >= seconds * 1_000) break;
          const due = from + Math.floor((elapsed / 1_000) * RATE_PER_S);
          while (sent < due) send(sent++);
          await sleep(5);
        }
        return { started, count: sent - from };
      };

      // Warm-up, as the HTTP measurements have: the first messages meet cold code and a cold
      // page cache; what they measure is start-up, not delivery. Their answers are not counted.
      await drive(WARM_UP_S);
      await Promise.all([...inFlight]);
      await sleep(500);
      sentAt.clear();
      arrivedAt.clear();
      postFailures.clear();
      latencies.length = 0;
      postLatencies.length = 0;

      const rssDriveFrom = rss.length;
      const cpuBefore = processCpuMs(pid);
      const { started: driveStarted, count: measured } = await drive(DRIVE_S);
      const driveMs = performance.now() - driveStarted;
      await Promise.all([...inFlight]);
      const cpuAfter = processCpuMs(pid);
      const waitUntil = performance.now() + GRACE_MS;
      while (latencies.length < sentAt.size && performance.now() < waitUntil) await sleep(50);
      const rssDrive = rss.slice(rssDriveFrom).map((sample) => sample.mb);
      const rssMax = Math.max(rssConnected, ...rssDrive);

      const delivered = latencies.length;
      const posted = sentAt.size;
      const lost = posted - delivered;
      const failedPosts = [...postFailures.values()].reduce((sum, count) => sum + count, 0);
      const p50 = round(percentile(latencies, 50), 1);
      const p99 = round(percentile(latencies, 99), 1);
      const summary = {
        sockets: sockets.length,
        connectMs: round(connectMs),
        sent: measured,
        warmUpS: WARM_UP_S,
        driveS: round(driveMs / 1_000, 2),
        ratePerS: round(measured / (driveMs / 1_000)),
        posted,
        failedPosts,
        postFailures: Object.fromEntries(postFailures),
        delivered,
        lost,
        latencyMs: { p50, p90: round(percentile(latencies, 90), 1), p99, max: round(Math.max(...latencies), 1) },
        postLatencyMs: { p50: round(percentile(postLatencies, 50), 1), p99: round(percentile(postLatencies, 99), 1) },
        rssMb: { idle: round(rssIdle), connected: round(rssConnected), max: round(rssMax), samples: rssDrive.length },
        serverCpuMsPerMessage: cpuBefore !== undefined && cpuAfter !== undefined && posted > 0 ? round((cpuAfter - cpuBefore) / posted, 3) : null,
        sessions: viaLogin ? "POST /api/login" : "written into the copy",
        sealed: { envelopes: envelopes.size, envelopeChars, sealedInMs: round(sealingMs) },
      };
      progress(`ws: ${delivered}/${posted} pushes delivered, p50 ${p50} ms, p99 ${p99} ms; RSS max ${round(rssMax)} MB`);
      return [
        {
          name: "WebSocket delivery (2,000 sockets)",
          target: `p99 < ${P99_TARGET_MS} ms from POST /api/messages to the receiver's push, ${RATE_PER_S} messages/s for ${DRIVE_S} s; none lost`,
          measured: `p50 ${p50} ms, p99 ${p99} ms; ${lost} lost of ${posted}${failedPosts > 0 ? `; ${failedPosts} POSTs failed` : ""}`,
          status: p99 < P99_TARGET_MS && lost === 0 && failedPosts === 0 && posted > 0 ? "pass" : "fail",
          notes: [
            `${sockets.length} sockets open in ${formatMs(connectMs)} (sessions ${summary.sessions}); after ${WARM_UP_S} s of warm-up, ${measured} messages sent in ${summary.driveS} s (${summary.ratePerS}/s)`,
            `content sealed to three P-256 keys (~${envelopeChars} characters), one envelope per direction of each pair, sealed before the server started`,
            `delivery p90 ${summary.latencyMs.p90} ms, max ${summary.latencyMs.max} ms; POST answered p50 ${summary.postLatencyMs.p50} ms, p99 ${summary.postLatencyMs.p99} ms; ` +
              `server CPU ${summary.serverCpuMsPerMessage ?? "?"} ms per message; load average ${round(loadavg()[0] ?? 0, 2)}`,
            ...(failedPosts > 0 ? [`failed POSTs: ${JSON.stringify(summary.postFailures)}`] : []),
          ],
          details: { targetP99Ms: P99_TARGET_MS, ...summary },
        },
        {
          name: "Server RSS, 2,000 sockets",
          target: `max VmRSS < ${RSS_TARGET_MB} MB while the sockets are open and messages flow`,
          measured: `max ${round(rssMax)} MB (${round(rssIdle)} MB before the sockets, ${round(rssConnected)} MB with them)`,
          status: rssMax < RSS_TARGET_MB && rssDrive.length > 0 ? "pass" : "fail",
          notes: [`${rssDrive.length} samples every ${RSS_SAMPLE_MS} ms of /proc/${pid}/status during the ${DRIVE_S} s of messages`],
          details: { targetMb: RSS_TARGET_MB, ...summary.rssMb },
        },
      ];
    } finally {
      clearInterval(sampler);
      for (const socket of sockets) socket.terminate();
      await server.stop();
    }
  } finally {
    removeTempDir(dataDir);
  }
}
