// Issue 17, video visits' signalling: the built server (a child process) with 500 visits open at
// once, both parties of each in its room (1,000 sockets), every socket sending 10 visit_signal
// frames a second to the other party for 20 s (after a 2 s warm-up at that rate, not counted).
// Relay latency: from this process sending a frame to the other party's socket receiving it (one
// clock, this process's). Every frame carries its room and a sequence number per sender: a frame
// that never arrives is lost; one that arrives in another room, or out of order, is crossed.
// Meanwhile the server's resident memory is sampled every 250 ms.
// Targets: p99 < 20 ms, none lost or crossed; RSS < 300 MB. `pnpm bench visits`.
//
// The database is built here: 500 doctors and 500 patients, each pair with an instant visit
// already open and admitted, and a session per member written into it (see ws-delivery.ts).
import { join } from "node:path";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import WebSocket from "ws";
import { benchPasswordHash, createBulkDatabase, finishBulkLoad, insertRows, wrapBenchVerifiers } from "./bulk-load";
import { sessionCookie } from "./http-load";
import {
  DATABASE_FILE,
  formatMs,
  makeTempDir,
  percentile,
  processCpuMs,
  progress,
  removeTempDir,
  round,
  sleep,
  startServer,
  type CheckResult,
} from "./support";
import { residentMb, writeSessions, type BenchUser } from "./ws-delivery";

const ROOMS = 500;
const SIGNALS_PER_S = 10;
const DRIVE_S = 20;
const WARM_UP_S = 2;
const P99_TARGET_MS = 20;
const RSS_TARGET_MB = 300;
const RSS_SAMPLE_MS = 250;
const GRACE_MS = 3_000;
const CONNECT_BATCH = 100;
const TICK_MS = 5;

const doctorId = (room: number) => 1 + room;
const patientId = (room: number) => 1 + ROOMS + room;
const visitId = (room: number) => 1 + room;

/** A database with ROOMS doctor–patient pairs in care, each with an instant visit open and admitted. */
async function buildDatabase(file: string): Promise<void> {
  const db = await createBulkDatabase(file);
  try {
    const passwordHash = await benchPasswordHash();
    const now = new Date().toISOString();
    const person = (id: number, username: string, role: string) => [id, username, username, passwordHash, "Bench", `Member${id}`, role, now];
    insertRows(
      db,
      `insert into users (id, username, username_key, password_hash, email, first_name, last_name, phone_number, date_of_birth, role,
        profile_image_url, created_at, deactivated_at, must_change_password) values (?, ?, ?, ?, null, ?, ?, '(555) 010-2030', '1980-01-01', ?, null, ?, null, 0)`,
      (function* () {
        for (let room = 0; room < ROOMS; room += 1) yield person(doctorId(room), `vdoctor${room}`, "doctor");
        for (let room = 0; room < ROOMS; room += 1) yield person(patientId(room), `vpatient${room}`, "patient");
      })(),
    );
    await wrapBenchVerifiers(db);
    insertRows(
      db,
      `insert into doctor_profiles (user_id, specialization, bio) values (?, 'Individual Therapy', null)`,
      (function* () {
        for (let room = 0; room < ROOMS; room += 1) yield [doctorId(room)];
      })(),
    );
    // Joining a room needs the pair's care to stand.
    insertRows(
      db,
      `insert into care_relationships (doctor_id, patient_id, since, origin) values (?, ?, ?, 'admin')`,
      (function* () {
        for (let room = 0; room < ROOMS; room += 1) yield [doctorId(room), patientId(room), now];
      })(),
    );
    insertRows(
      db,
      `insert into visits (id, appointment_id, doctor_id, patient_id, created_at, started_at, ended_at) values (?, null, ?, ?, ?, ?, null)`,
      (function* () {
        for (let room = 0; room < ROOMS; room += 1) yield [visitId(room), doctorId(room), patientId(room), now, now];
      })(),
    );
  } finally {
    finishBulkLoad(db);
  }
}

interface Party {
  user: BenchUser;
  room: number;
  socket?: WebSocket;
  /** The next sequence number this party sends, and the next it expects from the other. */
  sent: number;
  expected: number;
}

interface Tally {
  latencies: number[];
  crossed: number;
  outOfOrder: number;
  received: number;
  errors: Map<string, number>;
  counting: boolean;
}

function openParty(url: string, party: Party, tally: Tally, joined: () => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: sessionCookie(party.user.token) });
    socket.on("message", (data: WebSocket.RawData) => {
      const now = performance.now();
      const frame = JSON.parse(data.toString()) as {
        type: string;
        data: { visitId?: number; code?: string; payload?: { room: number; seq: number; at: number } };
      };
      if (frame.type === "visit_joined") return joined();
      if (frame.type === "error") return void tally.errors.set(frame.data.code ?? "?", (tally.errors.get(frame.data.code ?? "?") ?? 0) + 1);
      if (frame.type !== "visit_signal" || !frame.data.payload) return;
      const { room, seq, at } = frame.data.payload;
      if (room !== party.room || frame.data.visitId !== visitId(party.room)) tally.crossed += 1;
      if (seq !== party.expected) tally.outOfOrder += 1;
      party.expected = seq + 1;
      if (!tally.counting) return;
      tally.received += 1;
      tally.latencies.push(now - at);
    });
    socket.once("open", () => {
      socket.send(JSON.stringify({ type: "visit_join", data: { visitId: visitId(party.room) } }));
      resolve(socket);
    });
    socket.once("error", reject);
    socket.once("unexpected-response", (_request, response) => reject(new Error(`/ws answered ${response.statusCode}`)));
  });
}

export async function measureVisitSignalling(): Promise<CheckResult[]> {
  const dataDir = makeTempDir("visits");
  const parties: Party[] = [];
  try {
    const file = join(dataDir, DATABASE_FILE);
    progress(`visits: building ${ROOMS} open visits`);
    await buildDatabase(file);
    const members = Array.from({ length: ROOMS }, (_, room) => [
      { id: doctorId(room), username: `vdoctor${room}` },
      { id: patientId(room), username: `vpatient${room}` },
    ]).flat();
    const users = writeSessions(file, members);
    users.forEach((user, index) => parties.push({ user, room: Math.floor(index / 2), sent: 0, expected: 0 }));

    const { server } = await startServer({ dataDir, env: { SEED_DEMO: "false" } });
    const pid = server.child.pid ?? 0;
    const rss: number[] = [];
    const sampler = setInterval(() => rss.push(residentMb(pid)), RSS_SAMPLE_MS);
    const tally: Tally = { latencies: [], crossed: 0, outOfOrder: 0, received: 0, errors: new Map(), counting: false };
    try {
      const rssIdle = residentMb(pid);
      progress(`visits: opening ${parties.length} sockets and joining their rooms`);
      const url = `${server.baseUrl.replace(/^http/, "ws")}/ws`;
      let joinedCount = 0;
      const connectStarted = performance.now();
      for (let index = 0; index < parties.length; index += CONNECT_BATCH) {
        const batch = parties.slice(index, index + CONNECT_BATCH);
        await Promise.all(batch.map(async (party) => (party.socket = await openParty(url, party, tally, () => (joinedCount += 1)))));
      }
      while (joinedCount < parties.length && performance.now() - connectStarted < 60_000) await sleep(20);
      const connectMs = performance.now() - connectStarted;
      if (joinedCount < parties.length) throw new Error(`only ${joinedCount} of ${parties.length} sockets joined their rooms`);
      await sleep(500);
      const rssConnected = residentMb(pid);
      progress(
        `visits: ${parties.length} sockets in ${ROOMS} rooms in ${formatMs(connectMs)}; server RSS ${round(rssConnected)} MB (${round(rssIdle)} MB before)`,
      );

      // Each party sends SIGNALS_PER_S a second, the parties spread evenly over each second.
      const drive = async (seconds: number) => {
        const started = performance.now();
        let sent = 0;
        for (;;) {
          const elapsed = performance.now() - started;
          if (elapsed >= seconds * 1_000) break;
          const due = Math.floor((elapsed / 1_000) * SIGNALS_PER_S * parties.length);
          while (sent < due) {
            const party = parties[sent % parties.length]!;
            const payload = { room: party.room, seq: party.sent, at: performance.now(), candidate: "candidate:1 1 udp 2122260223 192.168.1.20 50000 typ host" };
            party.sent += 1;
            party.socket?.send(JSON.stringify({ type: "visit_signal", data: { visitId: visitId(party.room), payload } }));
            sent += 1;
          }
          await sleep(TICK_MS);
        }
        return { started, sent };
      };

      progress(`visits: ${SIGNALS_PER_S} signals a second from each socket, ${WARM_UP_S} s of warm-up then ${DRIVE_S} s measured`);
      await drive(WARM_UP_S);
      await sleep(500);
      const sentBefore = parties.reduce((sum, party) => sum + party.sent, 0);
      tally.counting = true;
      tally.errors.clear();
      const cpuBefore = processCpuMs(pid);
      const rssFrom = rss.length;
      const { started, sent } = await drive(DRIVE_S);
      const driveMs = performance.now() - started;
      const waitUntil = performance.now() + GRACE_MS;
      while (tally.received < sent && performance.now() < waitUntil) await sleep(50);
      const cpuAfter = processCpuMs(pid);
      const expectedTotal = parties.reduce((sum, party) => sum + party.sent, 0) - sentBefore;
      const lost = expectedTotal - tally.received;
      const rssMax = Math.max(rssConnected, ...rss.slice(rssFrom));
      const p50 = round(percentile(tally.latencies, 50), 1);
      const p99 = round(percentile(tally.latencies, 99), 1);
      const errors = Object.fromEntries(tally.errors);
      const summary = {
        rooms: ROOMS,
        sockets: parties.length,
        connectMs: round(connectMs),
        sent: expectedTotal,
        ratePerS: round(expectedTotal / (driveMs / 1_000)),
        received: tally.received,
        lost,
        crossed: tally.crossed,
        outOfOrder: tally.outOfOrder,
        errors,
        latencyMs: {
          p50,
          p90: round(percentile(tally.latencies, 90), 1),
          p99,
          max: round(
            tally.latencies.reduce((most, value) => Math.max(most, value), 0),
            1,
          ),
        },
        rssMb: { idle: round(rssIdle), connected: round(rssConnected), max: round(rssMax) },
        serverCpuMsPerSignal: cpuBefore !== undefined && cpuAfter !== undefined && expectedTotal > 0 ? round((cpuAfter - cpuBefore) / expectedTotal, 4) : null,
      };
      progress(`visits: ${tally.received}/${expectedTotal} signals relayed, p50 ${p50} ms, p99 ${p99} ms; RSS max ${round(rssMax)} MB`);
      const faultless = lost === 0 && tally.crossed === 0 && tally.outOfOrder === 0 && tally.errors.size === 0;
      return [
        {
          name: `Visit signalling (${ROOMS} rooms, ${parties.length} sockets)`,
          target: `p99 < ${P99_TARGET_MS} ms from a party's frame to the other party's socket, ${SIGNALS_PER_S}/s from each socket for ${DRIVE_S} s; none lost or crossed`,
          measured: `p50 ${p50} ms, p99 ${p99} ms; ${lost} lost, ${tally.crossed} crossed, ${tally.outOfOrder} out of order of ${expectedTotal}`,
          status: p99 < P99_TARGET_MS && faultless && expectedTotal > 0 ? "pass" : "fail",
          notes: [
            `${summary.ratePerS} signals/s relayed; p90 ${summary.latencyMs.p90} ms, max ${summary.latencyMs.max} ms; server CPU ${summary.serverCpuMsPerSignal ?? "?"} ms per signal; load average ${round(loadavg()[0] ?? 0, 2)}`,
            ...(tally.errors.size > 0 ? [`error frames: ${JSON.stringify(errors)}`] : []),
          ],
          details: { targetP99Ms: P99_TARGET_MS, ...summary },
        },
        {
          name: `Server RSS, ${ROOMS} open visits`,
          target: `max VmRSS < ${RSS_TARGET_MB} MB while the rooms signal`,
          measured: `max ${round(rssMax)} MB (${round(rssIdle)} MB before the sockets, ${round(rssConnected)} MB with them)`,
          status: rssMax < RSS_TARGET_MB ? "pass" : "fail",
          notes: [`sampled every ${RSS_SAMPLE_MS} ms from /proc/${pid}/status`],
          details: { targetMb: RSS_TARGET_MB, ...summary.rssMb },
        },
      ];
    } finally {
      clearInterval(sampler);
      for (const party of parties) party.socket?.terminate();
      await server.stop();
    }
  } finally {
    removeTempDir(dataDir);
  }
}
