// Kysely's dialect for the clinic's SQLite file. Statements run synchronously on the event loop
// (better-sqlite3: a query costs microseconds, with no thread hop), on two connections:
// - the writer, held by one transaction (or lone write) at a time; every transaction begins
//   IMMEDIATE, so it holds the write lock from its first statement and never fails half-way for
//   want of it;
// - the reader (query_only), for SELECTs outside transactions: in WAL mode it sees everything
//   committed and never waits for a write transaction that is still open.
// Commits do not wait for the disk on the event loop (synchronous=NORMAL): a write is answered
// once the disk thread's fsync of the WAL covers it, one fsync for every commit of the moment
// (GroupSync). Kysely's own SqliteDialect keeps one connection, begins deferred and would have
// each commit fsync on the event loop; this is that driver with those three things changed.
import Database from "better-sqlite3";
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from "kysely";
import type { GroupSync } from "./group-sync";

/** A connection with its statements prepared once (parsing SQL costs more than running it). */
export class SqliteConnection {
  static readonly #CACHE_LIMIT = 500;
  readonly db: Database.Database;
  readonly #statements = new Map<string, Database.Statement>();

  constructor(file: string, pragmas: string[], busyTimeoutMs: number) {
    this.db = new Database(file, { timeout: busyTimeoutMs });
    for (const pragma of pragmas) this.db.pragma(pragma);
  }

  /** Runs one statement; `wrote` says whether it could have changed the database. */
  run<R>({ sql, parameters }: CompiledQuery): QueryResult<R> & { wrote: boolean } {
    const statement = this.#prepared(sql);
    if (statement.reader) return { rows: statement.all(parameters) as R[], wrote: false };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), wrote: true };
  }

  #prepared(sql: string): Database.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      if (this.#statements.size >= SqliteConnection.#CACHE_LIMIT) this.#statements.clear();
      statement = this.db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }
}

/** One holder of the writer at a time, in the order they asked. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();

  lock(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const acquired = this.#tail.then(() => release);
    this.#tail = held;
    return acquired;
  }
}

interface Shared {
  writer: SqliteConnection;
  reader: SqliteConnection | undefined;
  mutex: Mutex;
  durable: GroupSync | undefined;
}

const BEGIN = CompiledQuery.raw("begin immediate");
const COMMIT = CompiledQuery.raw("commit");
const ROLLBACK = CompiledQuery.raw("rollback");

/**
 * What Kysely holds between acquiring and releasing a connection: inside a transaction, the
 * writer (from BEGIN to COMMIT or ROLLBACK); outside one, the reader for a SELECT, and the writer
 * for any other statement, alone, until it is durable.
 */
class RoutedConnection implements DatabaseConnection {
  readonly #shared: Shared;
  #release: (() => void) | undefined;

  constructor(shared: Shared) {
    this.#shared = shared;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { writer, reader, mutex } = this.#shared;
    if (this.#release) return writer.run<R>(query);
    if (reader && SelectQueryNode.is(query.query)) return reader.run<R>(query);
    const release = await mutex.lock();
    let result: QueryResult<R> & { wrote: boolean };
    try {
      result = writer.run<R>(query);
    } finally {
      release();
    }
    if (result.wrote) await this.#shared.durable?.durable();
    return result;
  }

  async begin(): Promise<void> {
    const release = await this.#shared.mutex.lock();
    try {
      this.#shared.writer.run(BEGIN);
    } catch (error) {
      release();
      throw error;
    }
    this.#release = release;
  }

  /** Commits, lets the next transaction have the writer, and answers once the commit is durable. */
  async commit(): Promise<void> {
    try {
      this.#shared.writer.run(COMMIT);
    } catch (error) {
      this.rollback();
      throw error;
    }
    this.end();
    await this.#shared.durable?.durable();
  }

  /**
   * Undoes this connection's transaction, if SQLite has not already ended it (it does on some
   * errors). Not holding the writer any more, it has nothing to undo: the writer may be another
   * transaction's by now.
   */
  rollback(): void {
    if (!this.#release) return;
    try {
      if (this.#shared.writer.db.inTransaction) this.#shared.writer.run(ROLLBACK);
    } finally {
      this.end();
    }
  }

  /** Lets the writer go (also when a transaction ends abnormally). */
  end(): void {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  // eslint-disable-next-line require-yield -- the interface requires the method; nothing here streams
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("streaming is not supported by the SQLite driver");
  }
}

class ClinicSqliteDriver implements Driver {
  readonly #shared: Shared;
  readonly #close: () => Promise<void>;

  constructor(shared: Shared, close: () => Promise<void>) {
    this.#shared = shared;
    this.#close = close;
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.#shared);
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutedConnection).begin();
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutedConnection).commit();
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as RoutedConnection).rollback();
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as RoutedConnection).end();
  }
  async destroy(): Promise<void> {
    await this.#close();
  }
}

export interface ClinicSqliteOptions {
  writer: SqliteConnection;
  /** Absent for an in-memory database, which has only the one connection. */
  reader?: SqliteConnection;
  /** Absent when commits need not be durable (an in-memory database). */
  durable?: GroupSync;
  /** Closes the connections and the disk thread, once Kysely is done with them. */
  close: () => Promise<void>;
}

export class ClinicSqliteDialect implements Dialect {
  readonly #options: ClinicSqliteOptions;

  constructor(options: ClinicSqliteOptions) {
    this.#options = options;
  }
  createDriver(): Driver {
    const { writer, reader, durable, close } = this.#options;
    return new ClinicSqliteDriver({ writer, reader, durable, mutex: new Mutex() }, close);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createAdapter() {
    return new SqliteAdapter();
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's introspector is untyped by design
  createIntrospector(db: Kysely<any>) {
    return new SqliteIntrospector(db);
  }
}
