// The hot paths must never read a whole table: every statement they run is explained here and
// its plan checked. SQLite: no plain "SCAN <table>". PostgreSQL: with sequential scans switched
// off, no "Seq Scan" (small test tables would otherwise be scanned because it is cheaper).
import { createTestDatabase, testDatabaseKinds } from "@halcyon/db/testing";
import type { DatabaseHandle } from "@halcyon/db";
import { CompiledQuery } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { parseEnv } from "../src/env";
import { signInAs, slotsOf, weekdayAhead, book } from "./clinic-helpers";
import { sealedFor, unlockKeys } from "./sealing";
import type { FastifyInstance } from "fastify";

interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

/** Explains statements on a connection of its own (on PostgreSQL, one with sequential scans off). */
async function planner(handle: DatabaseHandle): Promise<{ planOf(statement: Statement): Promise<string[]>; close(): Promise<void> }> {
  if (handle.kind === "sqlite") {
    return {
      async planOf(statement) {
        const { rows } = await handle.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]));
        return rows.map((row) => row.detail);
      },
      close: async () => {},
    };
  }
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${handle.postgres?.schema}` });
  await client.connect();
  await client.query("set enable_seqscan = off");
  return {
    async planOf(statement) {
      const result = await client.query<{ "QUERY PLAN": string }>(`explain ${statement.sql}`, statement.parameters as unknown[]);
      return result.rows.map((row) => row["QUERY PLAN"]);
    },
    close: () => client.end(),
  };
}

function fullScans(plan: string[]): string[] {
  return plan.filter((step) => /^SCAN \w+( AS \w+)?$/.test(step.trim()) || /Seq Scan/.test(step));
}

for (const kind of testDatabaseKinds()) {
  describe(`query plans of the hot paths [${kind}]`, () => {
    let handle: DatabaseHandle;
    let app: FastifyInstance;
    let recording: Statement[] | undefined;

    beforeAll(async () => {
      handle = await createTestDatabase(kind, (sql, parameters) => recording?.push({ sql, parameters }));
      app = await buildApp({ env: parseEnv({ NODE_ENV: "test", SEED_DEMO: "true", WEB_DIST: "/nonexistent" }), database: handle });
    });
    afterAll(async () => {
      await app.close();
      await handle.close();
    });

    async function statementsOf(run: () => Promise<unknown>): Promise<Statement[]> {
      recording = [];
      await run();
      const seen = recording;
      recording = undefined;
      return seen.filter((s) => /^\s*(select|update|delete)\b/i.test(s.sql) && !/kysely_migration/.test(s.sql) && s.sql.trim() !== "select 1");
    }

    // Seven sign-ins (each a deliberately slow password hash) and a hundred plans: on a busy
    // 2-core machine this takes far longer than a single request should.
    it("reads sessions, appointments, notes, slots and books without a full table scan", { timeout: 300_000 }, async () => {
      const patient = await signInAs(app, "alex", "halcyon-patient-demo");
      const doctor = await signInAs(app, "dr.vance", "halcyon-doctor-demo");
      const admin = await signInAs(app, "admin", "halcyon-office-demo");
      // Dr. Okafor does not care for Alex: emergency access opens the record to him.
      const stranger = await signInAs(app, "dr.okafor", "halcyon-doctor-demo");
      const get = (who: { cookie: string }, url: string) => app.inject({ method: "GET", url, headers: { cookie: who.cookie } });
      const date = weekdayAhead(10);
      const emergency = await app.inject({
        method: "POST",
        url: "/api/emergency-access",
        payload: { patientId: patient.id, reason: "Covering the crisis line tonight for Dr. Vance." },
        headers: { cookie: stranger.cookie },
      });
      expect(emergency.statusCode).toBe(200);
      // Alex and Dr. Vance write with the keys the demo gave them, opened with their passwords as their browsers do.
      await unlockKeys(app, patient, "halcyon-patient-demo");
      await unlockKeys(app, doctor, "halcyon-doctor-demo");
      const upload = (bytes: number) =>
        app.inject({
          method: "POST",
          url: "/api/attachments",
          payload: Buffer.alloc(bytes, 7),
          headers: { cookie: patient.cookie, "content-type": "application/octet-stream" },
        });
      const carried = (await upload(64)).json().id as number;
      expect(
        (
          await app.inject({
            method: "POST",
            url: "/api/messages",
            payload: { receiverId: doctor.id, content: await sealedFor(app, patient, doctor, "The journal, attached"), attachmentIds: [carried] },
            headers: { cookie: patient.cookie },
          })
        ).statusCode,
      ).toBe(200);
      const [sealed, sealedWithAttachment] = [
        await sealedFor(app, patient, doctor, "Plan check"),
        await sealedFor(app, patient, doctor, "Plan check, with a file"),
      ];
      const paths: [string, () => Promise<unknown>][] = [
        ["GET /api/user", () => get(patient, "/api/user")],
        ["GET /api/appointments (patient)", () => get(patient, "/api/appointments")],
        ["GET /api/appointments (doctor)", () => get(doctor, "/api/appointments")],
        ["GET /api/appointments (admin)", () => get(admin, "/api/appointments")],
        ["GET /api/treatment-sessions (patient)", () => get(patient, `/api/treatment-sessions/${patient.id}`)],
        ["GET /api/treatment-sessions (doctor)", () => get(doctor, `/api/treatment-sessions/${patient.id}`)],
        ["GET /api/treatment-sessions (doctor, emergency access)", () => get(stranger, `/api/treatment-sessions/${patient.id}`)],
        ["GET /api/doctors/{id}/slots", () => get(patient, `/api/doctors/${doctor.id}/slots?date=${date}`)],
        ["GET /api/doctors/{id}/slots (doctor, for a patient)", () => get(doctor, `/api/doctors/${doctor.id}/slots?date=${date}&patientId=${patient.id}`)],
        ["GET /api/admin/emergency-access", () => get(admin, "/api/admin/emergency-access")],
        ["GET /api/appointments/summary", () => get(doctor, "/api/appointments/summary")],
        ["GET /api/activity", () => get(doctor, "/api/activity")],
        ["GET /api/unsigned-notes", () => get(doctor, "/api/unsigned-notes")],
        ["GET /api/patients (doctor)", () => get(doctor, "/api/patients")],
        ["GET /api/conversations", () => get(patient, "/api/conversations")],
        ["GET /api/conversations (next page)", () => get(doctor, "/api/conversations?limit=1&cursor=999999")],
        ["GET /api/conversations (one partner)", () => get(doctor, `/api/conversations?partnerId=${patient.id}`)],
        ["GET /api/messages/{partnerId}", () => get(patient, `/api/messages/${doctor.id}`)],
        ["GET /api/messages/unread", () => get(doctor, "/api/messages/unread")],
        [
          "POST /api/messages",
          () =>
            app.inject({
              method: "POST",
              url: "/api/messages",
              payload: { receiverId: doctor.id, content: sealed },
              headers: { cookie: patient.cookie },
            }),
        ],
        ["POST /api/attachments", () => upload(256)],
        [
          "POST /api/messages (with an attachment)",
          async () =>
            app.inject({
              method: "POST",
              url: "/api/messages",
              payload: { receiverId: doctor.id, content: sealedWithAttachment, attachmentIds: [(await upload(128)).json().id] },
              headers: { cookie: patient.cookie },
            }),
        ],
        ["GET /api/attachments/{id}", () => get(doctor, `/api/attachments/${carried}`)],
        [
          "POST /api/messages/read",
          () => app.inject({ method: "POST", url: "/api/messages/read", payload: { partnerId: patient.id }, headers: { cookie: doctor.cookie } }),
        ],
        ["POST /api/login", () => app.inject({ method: "POST", url: "/api/login", payload: { username: "sam", password: "halcyon-patient-demo" } })],
        [
          "POST /api/login (refused)",
          async () => {
            for (let i = 0; i < 5; i += 1) await app.inject({ method: "POST", url: "/api/login", payload: { username: "riley", password: "not-it" } });
            expect((await app.inject({ method: "POST", url: "/api/login", payload: { username: "riley", password: "not-it" } })).statusCode).toBe(429);
          },
        ],
        [
          "POST /api/appointments",
          async () => {
            const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(11));
            expect((await book(app, patient, { doctorId: doctor.id, startTime: slot })).statusCode).toBe(200);
          },
        ],
        [
          "PATCH /api/appointments/{id} (cancel)",
          async () => {
            const [slot] = await slotsOf(app, patient, stranger.id, weekdayAhead(12));
            const { id } = (await book(app, patient, { doctorId: stranger.id, startTime: slot })).json();
            expect(
              (await app.inject({ method: "PATCH", url: `/api/appointments/${id}`, payload: { status: "cancelled" }, headers: { cookie: patient.cookie } }))
                .statusCode,
            ).toBe(200);
          },
        ],
      ];
      const scans: string[] = [];
      const explain = await planner(handle);
      for (const [name, run] of paths) {
        const statements = await statementsOf(async () => {
          const response = (await run()) as { statusCode?: number } | undefined;
          if (response?.statusCode !== undefined) expect(response.statusCode, name).toBe(200);
        });
        expect(statements.length, name).toBeGreaterThan(0);
        for (const statement of statements) {
          for (const step of fullScans(await explain.planOf(statement))) scans.push(`${name}: ${step} in ${statement.sql}`);
        }
      }
      await explain.close();
      expect(scans).toEqual([]);
    });
  });
}
