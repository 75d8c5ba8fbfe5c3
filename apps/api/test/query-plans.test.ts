// The hot paths must never read a whole table: every statement they run is explained here and
// its plan checked. SQLite: no plain "SCAN <table>". PostgreSQL: with sequential scans switched
// off, no "Seq Scan" (small test tables would otherwise be scanned because it is cheaper).
import { createTestDatabase, testDatabaseKinds } from "@halcyon/db/testing";
import { anyNoticeDue, claimDueNotices, insertNotices, recordNoticeOutcomes, type DatabaseHandle } from "@halcyon/db";
import { CompiledQuery } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueDueReminders, sealPlainTotpSecrets, wrapLegacyVerifiers } from "@halcyon/domain";
import { buildApp } from "../src/app";
import { parseEnv } from "../src/env";
import { signInAs, slotsOf, weekdayAhead, book } from "./clinic-helpers";
import { sealedFor, unlockKeys } from "./sealing";
import type { FastifyInstance } from "fastify";
import { TEST_ENV } from "./helper";

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

/**
 * The steps that read a whole table. A walk of a table in its primary key's order that stops at
 * a limit (a log's newest page, `order by id desc limit 50`) reads that many rows, not the table:
 * SQLite says SCAN for it too, so the statement's own order and limit tell it apart.
 */
function fullScans(plan: string[], sql: string): string[] {
  const newestByKey = /order by "(\w+)"\."id" desc limit \?$/.exec(sql.trim())?.[1];
  return plan.filter((step) => {
    const scanned = /^SCAN (\w+)( AS \w+)?$/.exec(step.trim())?.[1];
    return (scanned !== undefined && scanned !== newestByKey) || /Seq Scan/.test(step);
  });
}

for (const kind of testDatabaseKinds()) {
  describe(`query plans of the hot paths [${kind}]`, () => {
    let handle: DatabaseHandle;
    let app: FastifyInstance;
    let recording: Statement[] | undefined;

    beforeAll(async () => {
      handle = await createTestDatabase(kind, (sql, parameters) => recording?.push({ sql, parameters }));
      app = await buildApp({ env: parseEnv({ ...TEST_ENV, SEED_DEMO: "true" }), database: handle });
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
      await unlockKeys(app, { ...patient, username: "alex" }, "halcyon-patient-demo");
      await unlockKeys(app, { ...doctor, username: "dr.vance" }, "halcyon-doctor-demo");
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
        [
          "the reminder scheduler (a run with reminders due)",
          async () => {
            // Alex's address verified: his sessions of the next days get reminders, read and written.
            await app.clinic.db.updateTable("users").set({ email_verified_at: new Date().toISOString() }).where("id", "=", patient.id).execute();
            expect(await enqueueDueReminders(app.clinic, new Date(Date.now() + 10 * 86_400_000))).toBeGreaterThan(0);
          },
        ],
        [
          "the notice worker (a look, a claim of due notices, their outcomes)",
          async () => {
            const at = new Date().toISOString();
            const lease = new Date(Date.now() + 60_000).toISOString();
            const notice = { kind: "clinic_test_email", channel: "email" as const, userId: admin.id, toAddress: "admin@halcyon.example", subject: "A test" };
            await insertNotices(app.clinic.db, [{ ...notice, params: {}, status: "waiting", nextAttemptAt: at, createdAt: at, dedupeKey: null }]);
            expect(await anyNoticeDue(app.clinic.db, at)).toBe(true);
            const claimed = await claimDueNotices(app.clinic.db, { now: at, leaseUntil: lease, limit: 50 });
            await recordNoticeOutcomes(
              app.clinic.db,
              claimed.map(({ id }) => ({ id, status: "sent" as const, result: "250 Accepted" })),
              at,
            );
          },
        ],
        ["GET /api/admin/notices (the Delivery log, a first page)", () => get(admin, "/api/admin/notices?status=sent")],
        ["GET /api/billing/receivables", () => get(admin, "/api/billing/receivables")],
        [
          "GET /api/admin/notices?before= (a later page)",
          async () => {
            const first = (await get(admin, "/api/admin/notices?limit=1")).json() as { nextBefore: string | null };
            return get(admin, `/api/admin/notices?limit=1&before=${encodeURIComponent(first.nextBefore ?? "")}`);
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
          for (const step of fullScans(await explain.planOf(statement), statement.sql)) scans.push(`${name}: ${step} in ${statement.sql}`);
        }
      }
      await explain.close();
      expect(scans).toEqual([]);
    });

    it("ages the receivables from the owing patients' running totals and their unpaid debits only, through two partial indexes", async () => {
      const admin = await signInAs(app, "admin", "halcyon-office-demo");
      const statements = await statementsOf(async () => {
        const response = await app.inject({ method: "GET", url: "/api/billing/receivables", headers: { cookie: admin.cookie } });
        expect(response.statusCode).toBe(200);
        // The demo clinic has patients who owe: the statement has something to read.
        expect(response.json().patients.length).toBeGreaterThan(0);
      });
      const aging = statements.filter((statement) => /\bfrom "?patient_balances"?\b/.test(statement.sql));
      expect(aging).toHaveLength(1);
      const explain = await planner(handle);
      const plan = await explain.planOf(aging[0]!);
      await explain.close();
      expect(plan.join("\n")).toContain("patient_balances_owing_idx");
      expect(plan.join("\n")).toContain("ledger_entries_unpaid_idx");
      expect(fullScans(plan, aging[0]!.sql)).toEqual([]);
    });

    it("starts without reading every account: with no secret left in an old form, the start's sweeps read two empty partial indexes", async () => {
      // The notice worker's poll (a read of notices every second) is not the start's sweeps.
      await app.notices.stop();
      // The app's own start ran them already, so nothing is left to do.
      const statements = await statementsOf(async () => {
        expect(await wrapLegacyVerifiers(app.clinic)).toBe(0);
        expect(await sealPlainTotpSecrets(app.clinic)).toBe(0);
      });
      // One read each, and nothing else: no write, no other table.
      expect(statements.map((statement) => /\bfrom "?(\w+)"?/i.exec(statement.sql)?.[1])).toEqual(["users", "totp_factors"]);
      const explain = await planner(handle);
      const [verifiers, secrets] = await Promise.all(statements.map((statement) => explain.planOf(statement)));
      await explain.close();
      expect(verifiers!.join("\n")).toContain("users_unwrapped_legacy_idx");
      expect(secrets!.join("\n")).toContain("totp_factors_unsealed_idx");
      expect([...fullScans(verifiers!, statements[0]!.sql), ...fullScans(secrets!, statements[1]!.sql)]).toEqual([]);
    });
  });
}
