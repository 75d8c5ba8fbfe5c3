// Kysely's dialect for the clinic's SQLite file, on two connections:
// - the writer, on the event loop (better-sqlite3 is synchronous: a small statement costs
//   microseconds, with no thread hop), held by one transaction (or lone write) at a time. Write
//   transactions run as members of a commit group (commit-groups.ts), which began IMMEDIATE, so
//   a transaction holds the write lock from its first statement and never fails half-way for
//   want of it;
// - the reader (query_only), in a thread of its own (worker.mjs), for every SELECT outside
//   a transaction: in WAL mode it sees only what is committed and never waits for a write, and
//   the reads' SQLite work runs on another core than the event loop (measured on the large
//   clinic: +24% GET /api/user and +17% GET /api/appointments over answering them on the
//   writer, though each read then pays a thread hop).
// Kysely's own SqliteDialect keeps one connection, begins deferred and would have each commit
// fsync on the event loop.
import {
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from "kysely";
import { CommitGroups, Mutex } from "./commit-groups";
import type { SqliteConnection } from "./connection";

/** Answers SELECTs from what is committed, off the event loop (worker.mjs). */
export interface SqliteReader {
  read<R>(query: CompiledQuery): Promise<QueryResult<R>>;
}

interface Shared {
  writer: SqliteConnection;
  reader: SqliteReader | undefined;
  mutex: Mutex;
  groups: CommitGroups;
}

/**
 * What Kysely holds between acquiring and releasing a connection: inside a transaction, the
 * writer, from its start to its end as a member of a commit group; outside one, a connection for
 * a SELECT, and for any other statement a one-statement transaction of its own.
 */
class RoutedConnection implements DatabaseConnection {
  readonly #shared: Shared;
  #release: (() => void) | undefined;

  constructor(shared: Shared) {
    this.#shared = shared;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { writer, reader } = this.#shared;
    if (this.#release) return writer.run<R>(query);
    if (SelectQueryNode.is(query.query)) return reader ? reader.read<R>(query) : writer.run<R>(query);
    await this.begin();
    let result: QueryResult<R>;
    try {
      result = writer.run<R>(query);
    } catch (error) {
      this.rollback();
      throw error;
    }
    await this.commit();
    return result;
  }

  async begin(): Promise<void> {
    const release = await this.#shared.mutex.lock();
    try {
      this.#shared.groups.enter();
    } catch (error) {
      release();
      throw error;
    }
    this.#release = release;
  }

  /** Keeps the work in the group, lets the next transaction have the writer, and answers once the group is durable. */
  async commit(): Promise<void> {
    let durable: Promise<void>;
    try {
      durable = this.#shared.groups.leave();
    } catch (error) {
      this.rollback();
      throw error;
    }
    this.end();
    await durable;
  }

  /** Undoes this connection's work, if it still holds the writer (it may be another's by now). */
  rollback(): void {
    if (!this.#release) return;
    try {
      this.#shared.groups.undo();
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
  /** Absent for an in-memory database, which has only the one connection (it answers reads too). */
  reader?: SqliteReader;
  /** Makes every commit so far durable (the disk thread's fsync of the WAL); absent in memory. */
  sync?: () => Promise<void>;
  /** Closes the connections and the disk thread, once Kysely is done with them. */
  close: () => Promise<void>;
}

/**
 * SQLite does roll back DDL with the rest of a transaction; Kysely's adapter says it does not, so
 * its migrator would commit (and wait for an fsync of) every statement of every migration alone.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

export class ClinicSqliteDialect implements Dialect {
  readonly #options: ClinicSqliteOptions;

  constructor(options: ClinicSqliteOptions) {
    this.#options = options;
  }
  createDriver(): Driver {
    const { writer, reader, sync = async () => {}, close } = this.#options;
    const mutex = new Mutex();
    return new ClinicSqliteDriver({ writer, reader, mutex, groups: new CommitGroups(writer, mutex, sync) }, close);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createAdapter() {
    return new TransactionalDdlSqliteAdapter();
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's introspector is untyped by design
  createIntrospector(db: Kysely<any>) {
    return new SqliteIntrospector(db);
  }
}
