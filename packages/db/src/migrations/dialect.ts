// Frozen helpers for the frozen migrations: they may change only by adding new functions,
// never by changing what an existing one returns, or old migrations would mean something else.
import { PostgresAdapter, sql } from "kysely";
import type { CreateTableBuilder, Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely by design
export type MigrationDb = Kysely<any>;

export function isPostgres(db: MigrationDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Column type of an auto-incrementing integer primary key. */
export function serialType(db: MigrationDb) {
  return isPostgres(db) ? sql`serial` : sql`integer`;
}

/** Column type of an instant: timestamptz on PostgreSQL, ISO-8601 UTC text on SQLite. */
export function instantType(db: MigrationDb) {
  return isPostgres(db) ? sql`timestamptz` : sql`text`;
}

/**
 * A new table whose columns keep their declared types: SQLite's STRICT (PostgreSQL always does).
 * For tables whose columns are integer, real, text or blob on SQLite.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table builder of the untyped migration Kysely
export function strictTable<Builder extends CreateTableBuilder<any, any>>(db: MigrationDb, table: Builder): Builder {
  return isPostgres(db) ? table : (table.modifyEnd(sql`strict`) as Builder);
}
