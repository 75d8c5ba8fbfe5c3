// The built server killed outright while it sends, and started again: every queued notice is
// sent, none is lost, and one in flight at the kill is sent at most twice. On SQLite always, and
// on PostgreSQL (a database of its own) when TEST_DATABASE_URL is set.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { connect, type DatabaseHandle } from "@halcyon/db";
import { TEST_AUDIT_KEY, testDatabaseKinds } from "@halcyon/db/testing";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailCatcher, type MailCatcher } from "@halcyon/config/mail-catcher";
import { freePort } from "./free-port";

const dist = new URL("../dist/", import.meta.url);
const run = promisify(execFile);
const QUEUED = 40;

async function until<T>(look: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await look();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs `statement` on the PostgreSQL server of TEST_DATABASE_URL, outside any database of the clinic's. */
async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

for (const kind of testDatabaseKinds()) {
  describe(`the notice worker across a crash [${kind}]`, () => {
    let dataDir = "";
    let databaseUrl = "";
    let catcher: MailCatcher;

    beforeAll(async () => {
      // The build is a prerequisite of this file (turbo builds before `test`).
      statSync(new URL("server.js", dist));
      dataDir = mkdtempSync(join(tmpdir(), "halcyon-notices-restart-"));
      if (kind === "postgres") {
        // A database of its own, as a deployment has: the server knows no test schema.
        const name = `halcyon_restart_${randomBytes(6).toString("hex")}`;
        await onServer(`create database ${name}`);
        const url = new URL(process.env.TEST_DATABASE_URL!);
        url.pathname = `/${name}`;
        databaseUrl = url.toString();
      }
      catcher = await startMailCatcher();
    });
    afterAll(async () => {
      await catcher?.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) await onServer(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
    });

    const env = () => ({ ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SEED_DEMO: "false", NODE_ENV: "development", LOG_LEVEL: "warn" });

    /** The clinic's database as the server has it, opened beside it (the audit key plays no part in notices). */
    const openDatabase = (): DatabaseHandle =>
      kind === "postgres"
        ? connect({ kind, url: databaseUrl, auditKey: TEST_AUDIT_KEY })
        : connect({ kind, file: join(dataDir, "halcyon.db"), auditKey: TEST_AUDIT_KEY });

    async function statuses(): Promise<{ id: number; status: string; attempts: number }[]> {
      const handle = openDatabase();
      try {
        return await handle.db.selectFrom("notices").select(["id", "status", "attempts"]).orderBy("id").execute();
      } finally {
        await handle.close();
      }
    }

    /** Starts the built server mailing through the catcher; resolves once it answers. */
    async function startServer(port: number): Promise<ChildProcess> {
      const child = spawn(process.execPath, [new URL("server.js", dist).pathname], {
        env: { ...env(), PORT: String(port), SMTP_URL: catcher.url, PUBLIC_ORIGIN: "https://clinic.example.com", MAIL_FROM: "care@clinic.example.com" },
        stdio: ["ignore", "ignore", "inherit"],
      });
      await until(async () => {
        // A server that could not start says so at once, not after the wait.
        if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before answering`);
        return (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.ok ? true : undefined;
      }, "the server to answer");
      return child;
    }

    it("sends every notice queued or in flight when the server was killed, once it is started again", async () => {
      const clinic = (...args: string[]) => run(process.execPath, [new URL("cli.js", dist).pathname, ...args], { env: env() });
      await clinic("migrate");
      await clinic(
        "create-user",
        "--username",
        "avery",
        "--password",
        "harbour-lights-77",
        "--role",
        "admin",
        "--first-name",
        "Avery",
        "--last-name",
        "Sinclair",
        "--phone",
        "(555) 321-0000",
        "--date-of-birth",
        "1980-02-14",
      );
      const database = openDatabase();
      try {
        const now = new Date().toISOString();
        const { id: userId } = await database.db.selectFrom("users").select("id").where("username", "=", "avery").executeTakeFirstOrThrow();
        const queued = Array.from({ length: QUEUED }, () => ({
          kind: "clinic_test_email",
          channel: "email" as const,
          user_id: userId,
          to_address: "avery@example.com",
          subject: "A test email from Halcyon",
          params: JSON.stringify({ requestedAt: now }),
          status: "waiting" as const,
          next_attempt_at: now,
          created_at: now,
        }));
        await database.db.insertInto("notices").values(queued).execute();
      } finally {
        await database.close();
      }

      // The mail server takes the messages and never answers: the server is killed mid-send.
      catcher.answer("hang");
      const port = await freePort();
      const first = await startServer(port);
      await until(() => (catcher.attempts() > 0 ? true : undefined), "a message to reach the mail server");
      const exited = new Promise((resolve) => first.once("exit", resolve));
      first.kill("SIGKILL");
      await exited;
      const atKill = await statuses();
      expect(atKill).toHaveLength(QUEUED);
      expect(atKill.some((row) => row.status === "sending")).toBe(true);
      expect(atKill.every((row) => row.status === "sending" || row.status === "waiting")).toBe(true);

      // The leases of the dead server's claims run out (two minutes; moved here rather than waited for).
      const leases = openDatabase();
      try {
        await leases.db
          .updateTable("notices")
          .set({ claimed_until: new Date(Date.now() - 1_000).toISOString() })
          .where("status", "=", "sending")
          .execute();
      } finally {
        await leases.close();
      }

      catcher.answer("accept");
      const second = await startServer(port);
      try {
        await until(async () => ((await statuses()).every((row) => row.status === "sent") ? true : undefined), "every notice to be sent");
        const ids = catcher.messages.map((message) => message.messageId);
        for (const row of await statuses()) {
          const copies = ids.filter((id) => id === `<notice-${row.id}@clinic.example.com>`).length;
          expect(copies, `notice ${row.id}`).toBeGreaterThanOrEqual(1);
          expect(copies, `notice ${row.id}`).toBeLessThanOrEqual(2);
        }
        // Only the ones in flight at the kill may have come twice.
        const inFlight = atKill.filter((row) => row.status === "sending").length;
        expect(catcher.messages.length).toBeLessThanOrEqual(QUEUED + inFlight);
      } finally {
        const stopped = new Promise((resolve) => second.once("exit", resolve));
        second.kill("SIGTERM");
        expect(await stopped).toBe(0);
      }
    }, 180_000);
  });
}
