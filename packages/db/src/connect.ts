// The one place a database connection is made: SQLite (a file under DATA_DIR; see
// sqlite/dialect.ts) by default, PostgreSQL when a URL is given. Both hand back the same
// Kysely<Database>, and every write on either is an ordinary Kysely transaction.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import type { CompiledQuery, LogEvent } from "kysely";
import pg from "pg";
import { SqliteConnection } from "./sqlite/connection";
import { ClinicSqliteDialect } from "./sqlite/dialect";
import { WorkerThread } from "./sqlite/worker-thread";
import type { AuditKey } from "./audit-chain";
import type { Database } from "./schema";

export type DatabaseKind = "sqlite" | "postgres";

/** Sees every statement Kysely runs (tests read query plans with it). */
export type QueryObserver = (sql: string, parameters: readonly unknown[]) => void;

export type ConnectOptions = ({ kind: "sqlite"; file: string } | { kind: "postgres"; url: string; schema?: string; poolSize?: number }) & {
  /** The key of the audit log's chain, kept outside the database (see audit-chain.ts). */
  auditKey: AuditKey;
  observe?: QueryObserver;
};

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  auditKey: AuditKey;
  /**
   * Writes a consistent copy of the live SQLite database to `file` (which must not exist yet)
   * while it keeps serving and writing. PostgreSQL has its own tool, pg_dump: this refuses.
   */
  backupTo(file: string): Promise<void>;
  /** PostgreSQL only: where it connects, and the schema it works in when not the default. */
  postgres?: { url: string; schema?: string };
  close(): Promise<void>;
}

const SQLITE_PRAGMAS = [
  "journal_mode = WAL",
  "foreign_keys = ON",
  // Health data: a write is answered only once it would survive a power cut, and the event loop
  // never waits for the disk. So this connection never fsyncs (OFF: with NORMAL it would still
  // fsync the WAL's header each time the WAL starts over after a checkpoint); the disk thread's
  // fsync of the WAL makes a commit group durable, header and frames alike, before any of its
  // members is answered (sqlite/commit-groups.ts), and its own connection syncs every checkpoint.
  "synchronous = OFF",
  // The disk thread checkpoints, so that the event loop never waits on one (a checkpoint fsyncs).
  "wal_autocheckpoint = 0",
  // What is deleted or replaced (words of a message once sealed) is overwritten, not left in free pages.
  "secure_delete = ON",
  // The WAL starts over once checkpointed; past a spike, it is cut back to this size.
  "journal_size_limit = 67108864",
  // 64 MB of pages, as the reader has (sqlite/worker.mjs): a write transaction reads and updates
  // index pages all over a large clinic's tables, and with SQLite's default 2 MB they were read
  // back from the OS again and again (the booking's own statements, 2026-11-29).
  "cache_size = -65536",
];
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
    const db = new Kysely<Database>({ dialect: sqliteDialect(options.file), ...(log ? { log } : {}) });
    return {
      db,
      kind: "sqlite",
      auditKey: options.auditKey,
      backupTo: (to) => backupSqliteFile(options.file, to),
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
    auditKey: options.auditKey,
    backupTo: () => Promise.reject(new Error("Online backup is for the embedded SQLite database; back PostgreSQL up with pg_dump.")),
    postgres: { url: options.url, ...(options.schema ? { schema: options.schema } : {}) },
    close: () => db.destroy(),
  };
}

function sqliteDialect(file: string): ClinicSqliteDialect {
  if (file === ":memory:") {
    const writer = new SqliteConnection(file, ["foreign_keys = ON"], SQLITE_BUSY_TIMEOUT_MS);
    return new ClinicSqliteDialect({
      writer,
      close: async () => {
        writer.db.close();
      },
    });
  }
  mkdirSync(dirname(file), { recursive: true });
  // The writer opens first: it makes the file WAL before the threads open theirs.
  const writer = new SqliteConnection(file, SQLITE_PRAGMAS, SQLITE_BUSY_TIMEOUT_MS);
  const reader = new WorkerThread("read", file, SQLITE_BUSY_TIMEOUT_MS);
  const disk = new WorkerThread("disk", file, SQLITE_BUSY_TIMEOUT_MS);
  return new ClinicSqliteDialect({
    writer,
    reader: {
      read: async <R>({ sql, parameters }: CompiledQuery) => ({ rows: await reader.call<R[]>({ op: "read", sql, parameters: [...parameters] }) }),
    },
    sync: () => disk.call({ op: "sync" }),
    close: async () => {
      await Promise.all([reader.close(), disk.close()]);
      // The writer closes last: the last connection to close checkpoints and removes the WAL.
      writer.db.close();
    },
  });
}

/**
 * A consistent copy of the live database, taken in a thread of its own (a large database takes
 * seconds to copy) while the clinic keeps reading and writing.
 */
async function backupSqliteFile(file: string, to: string): Promise<void> {
  const thread = new WorkerThread("disk", file, SQLITE_BUSY_TIMEOUT_MS);
  try {
    await thread.call({ op: "backup", to });
  } finally {
    await thread.close();
  }
}
