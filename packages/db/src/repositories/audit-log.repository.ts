import { PostgresAdapter, sql } from "kysely";
import { auditLink, chainedValues, STORED_COLUMNS, valuesByInsert, type ChainedRow } from "../audit-chain.mjs";
import { preparedQuery, preparedQueryByShape, type PreparedQuery } from "../prepared-query";
import type { AuditLogTable, AuditOutcome, Database } from "../schema";
import type { Insertable, Kysely, Transaction } from "kysely";
import { appendChainOnWriter, type ChainAppend } from "../sqlite-worker-dialect";
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
  /** "First Last (username)" of the actor, when there is one and they still exist. */
  actorName: string | null;
}

/** Any number (over PostgreSQL's advisory-lock space) that names "the audit chain's tail". */
const AUDIT_CHAIN_LOCK = 7_244_011;

/**
 * Appends events to the audit log, chained to the row before, in one transaction. Appends are
 * serialised (SQLite: the write lock; PostgreSQL: an advisory lock) so the chain never forks. On
 * SQLite the whole append is one call to the writing thread (a Kysely transaction would be four
 * round trips, each waiting its turn on a busy event loop while every batched request waits).
 */
export async function appendAuditEvents(db: Kysely<Database>, events: AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  if (await appendChainOnWriter(db, () => chainAppend(db, events))) return;
  await db.transaction().execute((trx) => appendAuditEventsIn(trx, events));
}

/** The SQLite writer's one-call append: the SQL of the tail and of each INSERT, and the rows. */
export function chainAppend(db: Kysely<Database>, events: AuditEvent[]): ChainAppend {
  const inserts = insertCounts(events.length).map((count) => ({ sql: insertOf(count).positionalSql(db), count }));
  return { tailSql: chainTail.positionalSql(db), inserts, rows: events.map(chainedRow) };
}

/** An event as the chain hashes it and the table stores it (hashes aside). */
function chainedRow(event: AuditEvent): ChainedRow {
  return {
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
}

/**
 * Appends events inside the caller's transaction, so they commit or roll back with the change
 * they record (on SQLite in one call to the writing thread). Best as the transaction's last
 * statement: on PostgreSQL the chain's lock is held from here to the commit.
 */
export async function appendAuditEventsIn(trx: Transaction<Database>, events: AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  if (await appendChainOnWriter(trx, () => chainAppend(trx, events))) return;
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`.execute(trx);
  const last = await chainTail.executeTakeFirst(trx, {});
  const counts = insertCounts(events.length);
  const chunks = valuesByInsert(chainedValues(last?.hash ?? "", events.map(chainedRow)), counts);
  for (const [index, count] of counts.entries()) await insertOf(count).execute(trx, chunks[index] ?? []);
}

/** The tail of the chain, by its primary key (max(id) is one index step on both databases). */
const chainTail = preparedQuery((db) =>
  db
    .selectFrom("audit_log")
    .select("hash")
    .where("id", "=", (eb) => eb.selectFrom("audit_log").select((inner) => inner.fn.max("id").as("id"))),
);

/**
 * Rows per INSERT: one statement for many rows costs half as much per row as a statement each,
 * and a prepared statement per count up to this keeps the cache small.
 */
const INSERT_CHUNK = 64;

/** How many rows each INSERT of an append of `rows` rows takes, in order. */
function insertCounts(rows: number): number[] {
  return Array.from({ length: Math.ceil(rows / INSERT_CHUNK) }, (_, index) => Math.min(INSERT_CHUNK, rows - index * INSERT_CHUNK));
}
const inserts = new Map<number, PreparedQuery<unknown[], unknown>>();

/** The INSERT of `count` rows, whose values are given one row after another. */
function insertOf(count: number): PreparedQuery<unknown[], unknown> {
  let insert = inserts.get(count);
  if (!insert) {
    insert = preparedQuery((db, values: unknown[]) =>
      db.insertInto("audit_log").values(
        Array.from(
          { length: count },
          (_, row) =>
            Object.fromEntries(STORED_COLUMNS.map((column, index) => [column, values[row * STORED_COLUMNS.length + index]])) as Insertable<AuditLogTable>,
        ),
      ),
    );
    inserts.set(count, insert);
  }
  return insert;
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

/** The log's query for each combination of filters; an action family is matched with LIKE. */
const auditPage = preparedQueryByShape(
  (shape: { before: boolean; actor: boolean; action: "" | "exact" | "family"; from: boolean; to: boolean }) =>
    (db: Db, params: AuditFilter & { actionPattern?: string }) => {
      // Everything but the chain's hashes, which only audit:verify reads; the actor by primary key.
      let query = db
        .selectFrom("audit_log as a")
        .leftJoin("users as u", "u.id", "a.actor_id")
        .select(["a.id", "a.occurred_at", "a.actor_id", "a.action", "a.target_type", "a.target_id", "a.outcome", "a.ip", "a.user_agent", "a.details"])
        .select(["u.first_name", "u.last_name", "u.username"])
        .orderBy("a.id", "desc")
        .limit(params.limit);
      if (shape.before) query = query.where("a.id", "<", params.beforeId!);
      if (shape.actor) query = query.where("a.actor_id", "=", params.actorId!);
      if (shape.action === "family") query = query.where("a.action", "like", params.actionPattern!);
      if (shape.action === "exact") query = query.where("a.action", "=", params.action!);
      if (shape.from) query = query.where("a.occurred_at", ">=", params.from!);
      if (shape.to) query = query.where("a.occurred_at", "<", params.to!);
      return query;
    },
);

/** Newest first, each entry with its actor's name; `beforeId` pages backwards through the log. */
export async function listAuditEvents(db: Db, filter: AuditFilter): Promise<AuditEntry[]> {
  const { beforeId, actorId, action, from, to } = filter;
  const family = action?.endsWith(".") ?? false;
  const shape = {
    before: beforeId !== undefined,
    actor: actorId !== undefined,
    action: action === undefined ? "" : family ? "family" : "exact",
    from: from !== undefined,
    to: to !== undefined,
  } as const;
  const rows = await auditPage(shape).execute(db, { ...filter, ...(family ? { actionPattern: `${action}%` } : {}) });
  return rows.map((row) => ({
    id: row.id,
    occurredAt: row.occurred_at,
    actorId: row.actor_id,
    actorName: row.username === null ? null : `${row.first_name} ${row.last_name} (${row.username})`,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    outcome: row.outcome,
    ip: row.ip,
    userAgent: row.user_agent,
    details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
  }));
}
