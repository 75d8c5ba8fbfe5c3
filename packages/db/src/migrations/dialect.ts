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
 * Column type of text compared byte by byte (PostgreSQL's "C" collation; SQLite's BINARY is its
 * default), so that a range of its index holds exactly the keys that start with a prefix.
 */
export function byteOrderedText(db: MigrationDb) {
  return isPostgres(db) ? sql`text collate "C"` : sql`text`;
}

/**
 * A new table whose columns keep their declared types: SQLite's STRICT (PostgreSQL always does).
 * For tables whose columns are integer, real, text or blob on SQLite.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table builder of the untyped migration Kysely
export function strictTable<Builder extends CreateTableBuilder<any, any>>(db: MigrationDb, table: Builder): Builder {
  return isPostgres(db) ? table : (table.modifyEnd(sql`strict`) as Builder);
}

/** SQLite: true when `value` is an instant exactly as toISOString() writes it (YYYY-MM-DDTHH:mm:ss.sssZ). */
function isCanonicalInstant(value: string): string {
  return `(${value} is null or strftime('%Y-%m-%dT%H:%M:%fZ', ${value}) is ${value})`;
}

/**
 * Makes SQLite refuse an instant in `columns` of `table` that is not in the one stored form, on
 * insert and on update, whoever writes it: instants are compared as text there, so an offset
 * form (…-05:00) of the same moment would neither match nor sort with the rest. PostgreSQL
 * stores timestamptz, which has no textual form to get wrong: nothing to do there.
 */
export async function requireCanonicalInstants(db: MigrationDb, table: string, columns: string[]): Promise<void> {
  if (isPostgres(db)) return;
  const message = `${table}: store instants in UTC as YYYY-MM-DDTHH:mm:ss.sssZ`;
  const onInsert = columns.map((column) => isCanonicalInstant(`new.${column}`)).join(" and ");
  const onUpdate = columns.map((column) => `(new.${column} is old.${column} or ${isCanonicalInstant(`new.${column}`)})`).join(" and ");
  await sql
    .raw(`create trigger ${table}_instants_insert before insert on ${table} when not (${onInsert}) begin select raise(abort, '${message}'); end`)
    .execute(db);
  await sql
    .raw(
      `create trigger ${table}_instants_update before update of ${columns.join(", ")} on ${table} when not (${onUpdate}) begin select raise(abort, '${message}'); end`,
    )
    .execute(db);
}

/** Drops what requireCanonicalInstants made (a migration's down). */
export async function dropCanonicalInstants(db: MigrationDb, table: string): Promise<void> {
  if (isPostgres(db)) return;
  await sql.raw(`drop trigger if exists ${table}_instants_insert`).execute(db);
  await sql.raw(`drop trigger if exists ${table}_instants_update`).execute(db);
}

/**
 * requireCanonicalInstants for columns added to a table that has its triggers already: a second
 * pair, named `<table>_<group>_instants_insert` and `…_update`.
 */
export async function requireCanonicalInstantsOf(db: MigrationDb, table: string, group: string, columns: string[]): Promise<void> {
  if (isPostgres(db)) return;
  const message = `${table}: store instants in UTC as YYYY-MM-DDTHH:mm:ss.sssZ`;
  const onInsert = columns.map((column) => isCanonicalInstant(`new.${column}`)).join(" and ");
  const onUpdate = columns.map((column) => `(new.${column} is old.${column} or ${isCanonicalInstant(`new.${column}`)})`).join(" and ");
  const name = `${table}_${group}_instants`;
  await sql.raw(`create trigger ${name}_insert before insert on ${table} when not (${onInsert}) begin select raise(abort, '${message}'); end`).execute(db);
  await sql
    .raw(`create trigger ${name}_update before update of ${columns.join(", ")} on ${table} when not (${onUpdate}) begin select raise(abort, '${message}'); end`)
    .execute(db);
}

/** Drops what requireCanonicalInstantsOf made (a migration's down). */
export async function dropCanonicalInstantsOf(db: MigrationDb, table: string, group: string): Promise<void> {
  if (isPostgres(db)) return;
  await sql.raw(`drop trigger if exists ${table}_${group}_instants_insert`).execute(db);
  await sql.raw(`drop trigger if exists ${table}_${group}_instants_update`).execute(db);
}
