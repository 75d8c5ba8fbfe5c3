// The one place a database connection is made: SQLite (a file under DATA_DIR, driven from a
// worker thread so disk waits never block the event loop) by default, PostgreSQL when a URL is
// given. Both hand back the same Kysely<Database>.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import type { LogEvent } from "kysely";
import pg from "pg";
import { SqliteWorker, SqliteWorkerDialect } from "./sqlite-worker-dialect";
import type { Database } from "./schema";

export type DatabaseKind = "sqlite" | "postgres";

/**
 * Sees every statement Kysely runs (tests read query plans with it). On SQLite the writer's own
 * calls are not seen: a whole write transaction's INSERTs and the audit chain's append.
 */
export type QueryObserver = (sql: string, parameters: readonly unknown[]) => void;

export type ConnectOptions = ({ kind: "sqlite"; file: string } | { kind: "postgres"; url: string; schema?: string; poolSize?: number }) & {
  observe?: QueryObserver;
};

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** SQLite only: a consistent copy of the live database, taken while it keeps serving. */
  backupTo?: (file: string) => Promise<void>;
  /** PostgreSQL only: where it connects, and the schema it works in when not the default. */
  postgres?: { url: string; schema?: string };
  close(): Promise<void>;
}

const SQLITE_PRAGMAS = [
  "journal_mode = WAL",
  // Health data: a committed write must survive a power cut, not just a process crash.
  "synchronous = FULL",
  "foreign_keys = ON",
  // Each write transaction of a commit group is a savepoint, whose undo pages SQLite keeps in a
  // temporary file once they pass 64 KB: in memory instead (a group's are under a megabyte).
  "temp_store = MEMORY",
];
/** The reading connection: it can never write, whatever it is asked. */
const SQLITE_READER_PRAGMAS = ["query_only = ON"];
const SQLITE_BUSY_TIMEOUT_MS = 5_000;

const PG_TIMESTAMPTZ = 1184;
const PG_TIMESTAMP = 1114;
const PG_INT8 = 20;
const PG_NUMERIC = 1700;

/** Parse PostgreSQL values to the same JS shapes SQLite gives: ISO strings and plain numbers. */
const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === PG_TIMESTAMPTZ || oid === PG_TIMESTAMP) return (value: string) => new Date(value).toISOString();
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format ?? "text");
  },
} as pg.CustomTypesConfig;

export function connect(options: ConnectOptions): DatabaseHandle {
  const observe = options.observe;
  const log = observe
    ? (event: LogEvent) => {
        if (event.level === "query") observe(event.query.sql, event.query.parameters);
      }
    : undefined;
  if (options.kind === "sqlite") {
    if (options.file !== ":memory:") mkdirSync(dirname(options.file), { recursive: true });
    const file = options.file;
    const worker = new SqliteWorker({ file, pragmas: SQLITE_PRAGMAS, busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS });
    // Reads outside transactions run on a second connection, in a thread of its own.
    const openReader = file === ":memory:" ? undefined : () => new SqliteWorker({ file, pragmas: SQLITE_READER_PRAGMAS, busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS });
    const db = new Kysely<Database>({ dialect: new SqliteWorkerDialect(worker, openReader), ...(log ? { log } : {}) });
    return {
      db,
      kind: "sqlite",
      backupTo: (file) => worker.call("backup", { file }),
      close: () => db.destroy(),
    };
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    types: pgTypes,
    // A schema per test file keeps parallel test runs apart on one database.
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
  return {
    db,
    kind: "postgres",
    postgres: { url: options.url, ...(options.schema ? { schema: options.schema } : {}) },
    close: () => db.destroy(),
  };
}
