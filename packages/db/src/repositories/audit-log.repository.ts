import type { Insertable, Transaction } from "kysely";
import { auditLink, type AuditKey } from "../audit-chain";
import type { AuditLogTable, AuditOutcome, Database } from "../schema";
import { preparedQuery } from "../prepared-query";
import { serialise, type Db } from "./db";

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

/** Any number (in PostgreSQL's advisory-lock space) that names "the audit chain's tail". */
const AUDIT_CHAIN_LOCK = 7_244_011;

/**
 * Appends events to the audit log inside the caller's transaction, so they commit or roll back
 * with the change they record, each linked to the row before. Appends are serialised so the chain
 * never forks: on SQLite every write transaction holds the write lock from its BEGIN; on
 * PostgreSQL an advisory lock is held from here to the commit, so this is best as a
 * transaction's last statement.
 */
export async function appendAuditEvents(trx: Transaction<Database>, key: AuditKey, events: AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  await serialise(trx, AUDIT_CHAIN_LOCK);
  let previous = (await auditHead(trx, {}))[0]?.hash ?? "";
  for (const event of events) {
    const row = chainedRow(event);
    const hash = auditLink(key, previous, row);
    await insertAuditRow(trx, { ...row, prev_hash: previous, hash });
    previous = hash;
  }
}

/** The newest row's id and hash (max(id) is one step down the primary key on both databases). */
const auditHead = preparedQuery((db) =>
  db
    .selectFrom("audit_log")
    .select(["id", "hash"])
    .where("id", "=", (eb) => eb.selectFrom("audit_log").select((inner) => inner.fn.max("id").as("id"))),
);

const insertAuditRow = preparedQuery((db, row: Insertable<AuditLogTable>) =>
  db.insertInto("audit_log").values({
    occurred_at: row.occurred_at,
    actor_id: row.actor_id,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    outcome: row.outcome,
    ip: row.ip,
    user_agent: row.user_agent,
    details: row.details,
    prev_hash: row.prev_hash,
    hash: row.hash,
  }),
);

/** An event as the chain hashes it and the table stores it (hashes aside). */
function chainedRow(event: AuditEvent): Omit<Insertable<AuditLogTable>, "prev_hash" | "hash"> {
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
 * What the chain looked like at one moment: its head (the newest row) and how many rows it had.
 * The server writes one to its log now and then; verifying against it finds the newest rows'
 * removal, which the chain alone cannot show.
 */
export interface AuditCheckpoint {
  rows: number;
  headId: number;
  headHash: string;
}

export async function auditCheckpoint(db: Db): Promise<AuditCheckpoint | undefined> {
  const [head] = await auditHead(db, {});
  if (!head?.hash) return undefined;
  const { rows } = await db
    .selectFrom("audit_log")
    .select((eb) => eb.fn.countAll<number>().as("rows"))
    .executeTakeFirstOrThrow();
  return { rows: Number(rows), headId: head.id, headHash: head.hash };
}

export interface ChainCheck {
  checked: number;
  /** The first row whose link does not hold, if any. */
  firstBroken?: { id: number; reason: string };
}

/**
 * Walks the whole chain in id order, a page at a time. Given a checkpoint the server logged, the
 * log must still hold that head row as it was: removing the newest rows leaves a chain that links
 * up, but no longer reaches the checkpoint.
 */
export async function verifyAuditChain(db: Db, key: AuditKey, checkpoint?: Pick<AuditCheckpoint, "headId" | "headHash">): Promise<ChainCheck> {
  const walked = await walkAuditChain(db, key);
  if (walked.firstBroken || !checkpoint) return walked;
  const head = await db.selectFrom("audit_log").select("hash").where("id", "=", checkpoint.headId).executeTakeFirst();
  if (head?.hash === checkpoint.headHash) return walked;
  const reason = head
    ? "it is the checkpoint's head, and its hash is not the one the checkpoint recorded (the chain was rewritten)"
    : "it is the checkpoint's head, and it is gone (the newest rows were removed)";
  return { ...walked, firstBroken: { id: checkpoint.headId, reason } };
}

async function walkAuditChain(db: Db, key: AuditKey, pageSize = 5_000): Promise<ChainCheck> {
  let previous = "";
  let afterId = 0;
  let checked = 0;
  for (;;) {
    const rows = await db.selectFrom("audit_log").selectAll().where("id", ">", afterId).orderBy("id").limit(pageSize).execute();
    for (const row of rows) {
      if ((row.prev_hash ?? "") !== previous) {
        return { checked, firstBroken: { id: row.id, reason: "it does not follow the row before it (a row was removed or reordered)" } };
      }
      if (row.hash !== auditLink(key, previous, row)) {
        return {
          checked,
          firstBroken: { id: row.id, reason: "its content does not match its hash (the row was edited, or the chain was made with another key)" },
        };
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

/** Newest first, each entry with its actor's name; `beforeId` pages backwards through the log. */
export async function listAuditEvents(db: Db, { limit, beforeId, actorId, action, from, to }: AuditFilter): Promise<AuditEntry[]> {
  // Everything but the chain's hashes, which only audit:verify reads; the actor by primary key.
  let query = db
    .selectFrom("audit_log as a")
    .leftJoin("users as u", "u.id", "a.actor_id")
    .select(["a.id", "a.occurred_at", "a.actor_id", "a.action", "a.target_type", "a.target_id", "a.outcome", "a.ip", "a.user_agent", "a.details"])
    .select(["u.first_name", "u.last_name", "u.username"])
    .orderBy("a.id", "desc")
    .limit(limit);
  if (beforeId !== undefined) query = query.where("a.id", "<", beforeId);
  if (actorId !== undefined) query = query.where("a.actor_id", "=", actorId);
  // An action family ("auth.") is matched with LIKE, an action exactly.
  if (action !== undefined) query = action.endsWith(".") ? query.where("a.action", "like", `${action}%`) : query.where("a.action", "=", action);
  if (from !== undefined) query = query.where("a.occurred_at", ">=", from);
  if (to !== undefined) query = query.where("a.occurred_at", "<", to);
  const rows = await query.execute();
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
