// The outbox's sending side (see the migration 2026-11-30T0000-outbox): the worker claims due
// notices for a while (a lease), sends them, and records how each went; the Delivery log reads them.
import { PostgresAdapter, sql, type ExpressionBuilder } from "kysely";
import type { Database, NoticeChannel, NoticeStatus } from "../schema";
import type { ClinicDb, Db } from "./db";

/** A notice as the worker sends it. */
export interface ClaimedNotice {
  id: number;
  kind: string;
  channel: NoticeChannel;
  userId: number | null;
  toAddress: string;
  subject: string;
  params: unknown;
  /** Counting this one. */
  attempts: number;
}

/** Due: waiting or failed and due again, or being sent by an instance whose lease has run out (it stopped mid-send). */
function isDue(now: string) {
  return (eb: ExpressionBuilder<Database, "notices">) =>
    eb.or([
      eb.and([eb("status", "in", ["waiting", "failed"]), eb("next_attempt_at", "<=", now)]),
      eb.and([eb("status", "=", "sending"), eb("claimed_until", "<=", now)]),
    ]);
}

/** Whether any notice is due: a read, so an idle worker's poll writes nothing. */
export async function anyNoticeDue(db: ClinicDb, now: string): Promise<boolean> {
  const row = await db.selectFrom("notices").select("id").where(isDue(now)).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes up to `limit` due notices, oldest due first, for this instance until `leaseUntil`, and
 * counts the attempt. One statement, so one transaction: on PostgreSQL the rows another instance
 * is claiming at the same moment are skipped (FOR UPDATE SKIP LOCKED), so each notice goes to one
 * instance; SQLite has one instance, and its write lock orders claims.
 */
export async function claimDueNotices(db: ClinicDb, { now, leaseUntil, limit }: { now: string; leaseUntil: string; limit: number }): Promise<ClaimedNotice[]> {
  const due = db.selectFrom("notices").select("id").where(isDue(now)).orderBy("next_attempt_at").limit(limit);
  const rows = await db
    .updateTable("notices")
    .set((eb) => ({ status: "sending", claimed_until: leaseUntil, attempts: eb("attempts", "+", 1) }))
    .where("id", "in", db.getExecutor().adapter instanceof PostgresAdapter ? due.forUpdate().skipLocked() : due)
    .returning(["id", "kind", "channel", "user_id", "to_address", "subject", "params", "attempts"])
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      kind: row.kind,
      channel: row.channel,
      userId: row.user_id,
      toAddress: row.to_address,
      subject: row.subject,
      params: JSON.parse(row.params) as unknown,
      attempts: row.attempts,
    }))
    .sort((a, b) => a.id - b.id);
}

/** How one attempt ended. */
export type NoticeOutcome =
  | { id: number; status: "sent"; result: string }
  | { id: number; status: "failed"; result: string; nextAttemptAt: string }
  | { id: number; status: "given_up" | "unsent"; result: string };

/**
 * Records a batch's outcomes in one transaction. The sent ones, nearly all of a batch, are one
 * statement however many they are. Only rows still being sent are touched: a notice an admin has
 * meanwhile asked to send again keeps that request.
 */
export async function recordNoticeOutcomes(db: ClinicDb, outcomes: NoticeOutcome[], now: string): Promise<void> {
  if (outcomes.length === 0) return;
  const sent = outcomes.filter((outcome) => outcome.status === "sent");
  const others = outcomes.filter((outcome) => outcome.status !== "sent");
  await db.transaction().execute(async (trx) => {
    if (sent.length > 0) {
      await trx
        .updateTable("notices")
        .set({
          status: "sent",
          sent_at: now,
          claimed_until: null,
          // Each its own server's reply, in the one statement.
          result: sql<string>`case ${sql.join(
            sent.map((outcome) => sql`when ${sql.ref("id")} = ${outcome.id} then ${outcome.result}`),
            sql` `,
          )} end`,
        })
        .where(
          "id",
          "in",
          sent.map((outcome) => outcome.id),
        )
        .where("status", "=", "sending")
        .execute();
    }
    for (const outcome of others) {
      await trx
        .updateTable("notices")
        .set({
          status: outcome.status,
          result: outcome.result,
          claimed_until: null,
          ...(outcome.status === "failed" ? { next_attempt_at: outcome.nextAttemptAt } : {}),
        })
        .where("id", "=", outcome.id)
        .where("status", "=", "sending")
        .execute();
    }
  });
}

/** A line of the Delivery log: who a notice went to and how it went; of its content, the subject only. */
export interface DeliveryLogRow {
  id: number;
  kind: string;
  channel: NoticeChannel;
  userId: number | null;
  recipientName: string | null;
  toAddress: string;
  subject: string;
  status: NoticeStatus;
  attempts: number;
  result: string | null;
  nextAttemptAt: string;
  sentAt: string | null;
  createdAt: string;
}

/** The log, newest (highest id) first; `before` is the last id of the previous page; `id` picks one notice. */
export async function listDeliveryLog(
  db: Db,
  { status, before, id, limit }: { status?: NoticeStatus[]; before?: number; id?: number; limit: number },
): Promise<DeliveryLogRow[]> {
  let query = db
    .selectFrom("notices")
    .leftJoin("users", "users.id", "notices.user_id")
    .select([
      "notices.id",
      "notices.kind",
      "notices.channel",
      "notices.user_id",
      "users.first_name",
      "users.last_name",
      "notices.to_address",
      "notices.subject",
      "notices.status",
      "notices.attempts",
      "notices.result",
      "notices.next_attempt_at",
      "notices.sent_at",
      "notices.created_at",
    ])
    .orderBy("notices.id", "desc")
    .limit(limit);
  if (id !== undefined) query = query.where("notices.id", "=", id);
  if (status && status.length > 0) query = query.where("notices.status", "in", status);
  if (before !== undefined) query = query.where("notices.id", "<", before);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    userId: row.user_id,
    recipientName: row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ""}`.trim(),
    toAddress: row.to_address,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    result: row.result,
    nextAttemptAt: row.next_attempt_at,
    sentAt: row.sent_at,
    createdAt: row.created_at,
  }));
}

/**
 * Puts a notice back in the queue as if new (every attempt again), to `toAddress` (the member's
 * address now), unless it is being sent right now. Returns whether it was.
 */
export async function requeueNotice(db: Db, id: number, toAddress: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("notices")
    .set({ status: "waiting", attempts: 0, next_attempt_at: now, claimed_until: null, result: null, to_address: toAddress })
    .where("id", "=", id)
    .where("status", "!=", "sending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
