// What the notice tests share: an app whose worker sends to a mail catcher, and waits on rows.
import type { Database, NoticesTable } from "@halcyon/db";
import type { DatabaseHandle } from "@halcyon/db";
import type { FastifyInstance } from "fastify";
import type { Selectable } from "kysely";
import { buildApp } from "../src/app";
import { parseEnv } from "../src/env";
import { TEST_ENV } from "./helper";

export const PUBLIC_ORIGIN = "https://clinic.example.com";
export const MAIL_FROM = "Halcyon <care@clinic.example.com>";

export interface MailingApp {
  app: FastifyInstance;
  advance(ms: number): void;
}

/** An app on `database` whose worker mails through `smtpUrl`, waits a second at most for a silent server, and polls often. */
export async function mailingApp(database: DatabaseHandle, smtpUrl: string | undefined, env: Record<string, string> = {}): Promise<MailingApp> {
  let offset = 0;
  const app = await buildApp({
    env: parseEnv({ ...TEST_ENV, PUBLIC_ORIGIN, MAIL_FROM, ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}), ...env }),
    database,
    now: () => new Date(Date.now() + offset),
    notices: { worker: { pollMs: 50 }, mailTimeoutMs: { connect: 1_000, answer: 1_000 } },
  });
  await app.ready();
  return { app, advance: (ms) => void (offset += ms) };
}

/** Gives a member a verified address, as following the verification link does. */
export async function verifyEmail(app: FastifyInstance, userId: number, email: string): Promise<void> {
  await app.clinic.db.updateTable("users").set({ email, email_verified_at: app.clinic.now().toISOString() }).where("id", "=", userId).execute();
}

export type NoticeRow = Selectable<Database["notices"]> & Pick<NoticesTable, "status">;

/** Waits until the notice `id` satisfies `ready` (polling the database: the worker runs on its own). */
export async function noticeWhen(app: FastifyInstance, id: number, ready: (row: NoticeRow) => boolean, timeoutMs = 30_000): Promise<NoticeRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await app.clinic.db.selectFrom("notices").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    if (ready(row)) return row;
    if (Date.now() > deadline) throw new Error(`notice ${id} stayed ${row.status} (attempts ${row.attempts}, ${row.result})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The newest notice's id. */
export async function newestNoticeId(app: FastifyInstance): Promise<number> {
  const row = await app.clinic.db.selectFrom("notices").select("id").orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
  return row.id;
}

/** `count` notices of the test kind to `userId`, written straight to the outbox (as a busy change would). */
export async function queueTestNotices(app: FastifyInstance, userId: number, address: string, count: number): Promise<void> {
  const now = app.clinic.now().toISOString();
  const rows = Array.from({ length: count }, (_, index) => ({
    kind: "clinic_test_email",
    channel: "email" as const,
    user_id: userId,
    to_address: address,
    subject: `A test email from Halcyon (${index + 1})`,
    params: JSON.stringify({ requestedAt: now }),
    status: "waiting" as const,
    next_attempt_at: now,
    created_at: now,
  }));
  for (let start = 0; start < rows.length; start += 200)
    await app.clinic.db
      .insertInto("notices")
      .values(rows.slice(start, start + 200))
      .execute();
}
