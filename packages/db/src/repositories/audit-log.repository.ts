import { PostgresAdapter, sql } from "kysely";
import { auditLink } from "../audit-chain";
import type { AuditOutcome } from "../schema";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../schema";
import type { Db } from "./users.repository";

export interface AuditEvent {
  occurredAt: string;
  actorId: number | null;
  action: string;
  targetType?: string | null;
  targetId?: string | number | null;
  outcome: AuditOutcome;
  ip?: string | null;
  userAgent?: string | null;
  details?: Record<string, unknown> | null;
}

export interface AuditEntry extends Required<Omit<AuditEvent, "targetId" | "details">> {
  id: number;
  targetId: string | null;
  details: Record<string, unknown> | null;
}

/** Any number (over PostgreSQL's advisory-lock space) that names "the audit chain's tail". */
const AUDIT_CHAIN_LOCK = 7_244_011;

/**
 * Appends events to the audit log, chained to the row before, in one transaction. Appends are
 * serialised (SQLite: the write lock; PostgreSQL: an advisory lock) so the chain never forks.
 */
export async function appendAuditEvents(db: Kysely<Database>, events: AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.transaction().execute((trx) => appendAuditEventsIn(trx, events));
}

/**
 * Appends events inside the caller's transaction, so they commit or roll back with the change
 * they record. Best as the transaction's last statement: on PostgreSQL the chain's lock is held
 * from here to the commit.
 */
export async function appendAuditEventsIn(trx: Transaction<Database>, events: AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`.execute(trx);
  // The tail of the chain, by its primary key (max(id) is one index step on both databases).
  const last = await trx
    .selectFrom("audit_log")
    .select("hash")
    .where("id", "=", (eb) => eb.selectFrom("audit_log").select((inner) => inner.fn.max("id").as("id")))
    .executeTakeFirst();
  let previous = last?.hash ?? "";
  const rows = events.map((event) => {
    const row = {
      occurred_at: event.occurredAt,
      actor_id: event.actorId,
      action: event.action,
      target_type: event.targetType ?? null,
      target_id: event.targetId == null ? null : String(event.targetId),
      outcome: event.outcome,
      ip: event.ip ?? null,
      user_agent: event.userAgent ?? null,
      details: event.details ? JSON.stringify(event.details) : null,
    };
    const hash = auditLink(previous, row);
    const chained = { ...row, prev_hash: previous, hash };
    previous = hash;
    return chained;
  });
  await trx.insertInto("audit_log").values(rows).execute();
}

export interface ChainCheck {
  checked: number;
  /** The first row whose link does not hold, if any. */
  firstBroken?: { id: number; reason: string };
}

/** Walks the whole chain in id order, a page at a time. */
export async function verifyAuditChain(db: Db, pageSize = 5_000): Promise<ChainCheck> {
  let previous = "";
  let afterId = 0;
  let checked = 0;
  for (;;) {
    const rows = await db.selectFrom("audit_log").selectAll().where("id", ">", afterId).orderBy("id").limit(pageSize).execute();
    for (const row of rows) {
      if ((row.prev_hash ?? "") !== previous) {
        return { checked, firstBroken: { id: row.id, reason: "it does not follow the row before it (a row was removed or reordered)" } };
      }
      if (row.hash !== auditLink(previous, row)) {
        return { checked, firstBroken: { id: row.id, reason: "its content does not match its hash (the row was edited)" } };
      }
      previous = row.hash;
      checked += 1;
    }
    const last = rows.at(-1);
    if (!last) return { checked };
    afterId = last.id;
  }
}

export interface AuditFilter {
  limit: number;
  beforeId?: number;
  actorId?: number;
  /** An action, or a family of them ("auth." matches every sign-in event). */
  action?: string;
  from?: string;
  to?: string;
}

/** Newest first; `beforeId` pages backwards through the log. */
export async function listAuditEvents(db: Db, { limit, beforeId, actorId, action, from, to }: AuditFilter): Promise<AuditEntry[]> {
  let query = db.selectFrom("audit_log").selectAll().orderBy("id", "desc").limit(limit);
  if (beforeId !== undefined) query = query.where("id", "<", beforeId);
  if (actorId !== undefined) query = query.where("actor_id", "=", actorId);
  if (action !== undefined) query = action.endsWith(".") ? query.where("action", "like", `${action}%`) : query.where("action", "=", action);
  if (from !== undefined) query = query.where("occurred_at", ">=", from);
  if (to !== undefined) query = query.where("occurred_at", "<", to);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    occurredAt: row.occurred_at,
    actorId: row.actor_id,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    outcome: row.outcome,
    ip: row.ip,
    userAgent: row.user_agent,
    details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
  }));
}
