// What every repository takes: a database handle, the clinic's or a transaction's. Repositories
// are written against Kysely only; which database runs underneath is connect.ts's business.
import { PostgresAdapter, sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../schema";

/** A handle a repository runs on: the database itself, or a transaction on it. */
export type Db = Kysely<Database> | Transaction<Database>;
/** The clinic database, as every service receives it. */
export type ClinicDb = Kysely<Database>;

/** True for a unique-index refusal, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/**
 * Makes the transactions that take the same lock (`name`, and `key` within it) run one after
 * another from here until they end, so that what one reads still holds when it writes. SQLite
 * needs nothing: a write transaction holds the database's write lock from its BEGIN. PostgreSQL
 * takes a transaction-scoped advisory lock.
 */
export async function serialise(trx: Transaction<Database>, name: number, key?: number): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  // PostgreSQL keeps one-number and two-number locks apart: a lock without a key stays in the
  // one-number form it has always had, so servers of two releases running side by side still wait
  // for each other on it.
  if (key === undefined) await sql`select pg_advisory_xact_lock(${name})`.execute(trx);
  else await sql`select pg_advisory_xact_lock(${name}, ${key})`.execute(trx);
}
