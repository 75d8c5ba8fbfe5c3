// What every repository takes: a database handle, the clinic's or a transaction's. Repositories
// are written against Kysely only; which database runs underneath is connect.ts's business.
import type { Kysely, Transaction } from "kysely";
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
