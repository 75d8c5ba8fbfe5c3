// Issue 4a, reading messages at scale: the built server on a copy of the messaging database
// (seed-messaging.ts: 2,000,000 messages), 50 connections for 10 s each:
//   GET /api/conversations as the doctor with 500 conversation partners,
//   GET /api/messages/{partnerId}, the newest page of the 10,000-message conversation.
// Every message's content is a sealed envelope (issue 18; the seed shares 64 envelopes sealed for
// real, of 40–400-character messages, over the 2,000,000 rows), so the answers carry the bytes
// they carry in production. Target: p99 < 25 ms. Opt-in: `pnpm bench messaging`.
import { BENCH_PASSWORD } from "./bulk-load";
import { copyIntoDataDir } from "./db-cache";
import { measureReads, signIn } from "./http-load";
import { MESSAGING, messagingDatabase, messagingDoctorId, messagingDoctorUsername, messagingPatientUsername } from "./seed-messaging";
import { formatMs, makeTempDir, progress, removeTempDir, startServer, type CheckResult } from "./support";

const P99_TARGET_MS = 25;

export async function measureMessagingReads(): Promise<CheckResult[]> {
  const messaging = await messagingDatabase();
  const results: CheckResult[] = [
    {
      name: "Messaging seed",
      target: `info: ${MESSAGING.messages} messages, ${MESSAGING.doctors} doctors, ${MESSAGING.patients} patients`,
      measured: messaging.reused
        ? `cached (seeding took ${formatMs(messaging.seedMs)} on ${messaging.seededAt.slice(0, 10)})`
        : `seeded in ${formatMs(messaging.seedMs)}`,
      status: "info",
      notes: [
        `${messaging.file}: ${Object.entries(messaging.info.counts)
          .map(([name, count]) => `${name} ${count}`)
          .join(", ")}`,
      ],
      details: { ...messaging },
    },
  ];
  const dataDir = makeTempDir("messaging");
  try {
    copyIntoDataDir(messaging.file, dataDir);
    progress("messaging: starting the built server on a copy");
    const { server } = await startServer({ dataDir, env: { SEED_DEMO: "false" } });
    try {
      const base = server.baseUrl;
      const doctor = messagingDoctorUsername(0);
      const patient = messagingPatientUsername(0);
      const [doctorToken, patientToken] = [await signIn(base, doctor, BENCH_PASSWORD), await signIn(base, patient, BENCH_PASSWORD)];
      const reads = [
        {
          name: "GET /api/conversations (500 partners)",
          path: "/api/conversations",
          token: doctorToken,
          notes: [`as ${doctor}, who has ${MESSAGING.busyDoctorPartners} conversation partners`],
        },
        {
          name: "GET /api/messages/{id} (10,000 messages)",
          path: `/api/messages/${messagingDoctorId(0)}`,
          token: patientToken,
          notes: [`as ${patient}: the newest page of their ${MESSAGING.busyConversation}-message conversation with ${doctor}`],
        },
      ];
      results.push(...(await measureReads(server, reads, P99_TARGET_MS, (message) => progress(`messaging: ${message}`))));
    } finally {
      await server.stop();
    }
    return results;
  } finally {
    removeTempDir(dataDir);
  }
}
