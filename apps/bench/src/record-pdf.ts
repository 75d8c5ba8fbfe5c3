// Issue 19, the patient's own copy: GET /api/patients/{id}/record.pdf for a patient with 200
// signed sessions (each with its SOAP sections and an addendum on every tenth), 200 appointments,
// 40 questionnaires and both consents, in process on a fresh SQLite clinic. Target: ready in
// under 2 s; the median, the slowest of the runs and the server's heap are reported.
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { buildApp } from "@halcyon/api/app";
import { parseEnv } from "@halcyon/api/env";
import { createUser } from "@halcyon/domain";
import { formatMs, makeTempDir, median, progress, removeTempDir, round, type CheckResult } from "./support";

const SESSIONS = 200;
const MEASURES = 40;
const RUNS = 7;
const TARGET_MS = 2_000;
const PASSWORD = "calm-waters-run-deep";
const HOUR_MS = 3_600_000;

const SOAP = {
  subjective: "Sleeping better on most nights; work still intrudes on Sunday evenings, less than before.",
  objective: "Calm, articulate, good eye contact; affect brighter than at the last session.",
  assessment: "Anxiety easing with the routine; rumination responds to reframing.",
  plan: "Keep the evening routine and the journal; one reframe after each hard conversation; review in two weeks.",
};

export async function measureRecordPdf(): Promise<CheckResult[]> {
  const dataDir = makeTempDir("record-pdf");
  const app = await buildApp({
    env: parseEnv({ NODE_ENV: "development", LOG_LEVEL: "error", SEED_DEMO: "false", DATA_DIR: dataDir, WEB_DIST: join(dataDir, "no-web") }),
  });
  try {
    await app.ready();
    const now = Date.now();
    const signIn = async (username: string) => {
      const response = await app.inject({ method: "POST", url: "/api/login", payload: { username, password: PASSWORD } });
      if (response.statusCode !== 200) throw new Error(`sign-in of ${username}: ${response.body}`);
      return `halcyon_session=${response.cookies.find((cookie) => cookie.name === "halcyon_session")?.value ?? ""}`;
    };
    const people = { phoneNumber: "(555) 123-4567", dateOfBirth: "1980-01-01", password: PASSWORD };
    await createUser(app.clinic, {
      ...people,
      username: "doctor",
      role: "doctor",
      firstName: "Eleanor",
      lastName: "Vance",
      specialization: "Individual Therapy",
    });
    await createUser(app.clinic, { ...people, username: "patient", role: "patient", firstName: "Alex", lastName: "Morgan" });
    const db = app.clinic.db;
    const doctor = await db.selectFrom("users").select("id").where("username", "=", "doctor").executeTakeFirstOrThrow();
    const patient = await db.selectFrom("users").select("id").where("username", "=", "patient").executeTakeFirstOrThrow();

    progress(`record-pdf: ${SESSIONS} signed sessions, ${MEASURES} questionnaires and both consents for one patient`);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("care_relationships")
        .values({ doctor_id: doctor.id, patient_id: patient.id, since: new Date(now - 1000 * 24 * HOUR_MS).toISOString() })
        .execute();
      for (let n = 0; n < SESSIONS; n += 1) {
        const start = now - (SESSIONS - n) * 7 * 24 * HOUR_MS;
        const iso = (ms: number) => new Date(ms).toISOString();
        const { id: appointmentId } = await trx
          .insertInto("appointments")
          .values({
            patient_id: patient.id,
            doctor_id: doctor.id,
            title: "Individual therapy",
            description: null,
            start_time: iso(start),
            end_time: iso(start + HOUR_MS),
            status: "completed",
            notes: null,
            created_at: iso(start - 7 * 24 * HOUR_MS),
            updated_at: iso(start + HOUR_MS),
            cancelled_at: null,
            cancelled_by: null,
            late_cancellation: 0,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const { id } = await trx
          .insertInto("treatment_sessions")
          .values({
            appointment_id: appointmentId,
            patient_id: patient.id,
            doctor_id: doctor.id,
            progress_rating: 3 + (n % 7),
            session_notes: `Session ${n + 1}. Reviewed the week, practised the breathing exercise and planned the next steps together.`,
            created_at: iso(start + HOUR_MS),
            ...SOAP,
            signed_at: iso(start + 2 * HOUR_MS),
            signed_by: doctor.id,
            content_hash: "0".repeat(64),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        if (n % 10 === 0) {
          await trx
            .insertInto("session_addenda")
            .values({ session_id: id, author_id: doctor.id, body: "Phoned after the session: all well.", created_at: iso(start + 3 * HOUR_MS) })
            .execute();
        }
      }
      for (let n = 0; n < MEASURES; n += 1) {
        const answers = [1, 2, 1, 1, 0, 1, 0];
        await trx
          .insertInto("measures")
          .values({
            patient_id: patient.id,
            instrument: "gad7",
            answers: JSON.stringify(answers),
            score: 6,
            band: "Mild",
            created_at: new Date(now - (MEASURES - n) * 14 * 24 * HOUR_MS).toISOString(),
          })
          .execute();
      }
    });
    const cookie = await signIn("patient");
    const consents = (await app.inject({ method: "GET", url: "/api/consents", headers: { cookie } })).json() as { kind: string; version: number }[];
    for (const { kind, version } of consents) {
      await app.inject({ method: "POST", url: `/api/consents/${kind}/sign`, payload: { version, typedName: "Alex Morgan" }, headers: { cookie } });
    }

    const durations: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const response = await app.inject({ method: "GET", url: `/api/patients/${patient.id}/record.pdf`, headers: { cookie } });
      durations.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`record.pdf answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
      bytes = response.rawPayload.length;
    }
    const slowest = Math.max(...durations);
    progress(`record-pdf: ${RUNS} downloads, median ${formatMs(median(durations))}, slowest ${formatMs(slowest)}, ${Math.round(bytes / 1024)} KB`);
    return [
      {
        name: `Record PDF, ${SESSIONS} sessions`,
        target: `ready in < ${TARGET_MS / 1000} s (the slowest of ${RUNS} downloads)`,
        measured: `median ${formatMs(median(durations))}, slowest ${formatMs(slowest)}; ${Math.round(bytes / 1024)} KB`,
        status: slowest < TARGET_MS ? "pass" : "fail",
        details: { durationsMs: durations.map((ms) => round(ms, 1)), bytes, sessions: SESSIONS, measures: MEASURES },
      },
    ];
  } finally {
    await app.close();
    removeTempDir(dataDir);
  }
}
