// A Kysely dialect for SQLite whose connections live in worker threads (sqlite-worker.mjs): one
// that writes, handed to one transaction (or lone write) at a time, every transaction taking the
// write lock at BEGIN (BEGIN IMMEDIATE) so concurrent writers queue instead of failing half-way;
// and one that only reads, for SELECTs outside transactions, so reads neither wait for a write
// transaction and its fsync nor share its thread. A write transaction that decides nothing
// between its statements can be sent whole instead (writeTransactionOnWriter): the writer
// commits those that arrive together as one group.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import {
  type CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from "kysely";
import type { ChainedRow } from "./audit-chain.mjs";
import { remembered } from "./bounded-cache.mjs";
import type { Database } from "./schema";

export interface SqliteWorkerOptions {
  file: string;
  pragmas: string[];
  busyTimeoutMs: number;
}

/** The worker script: beside this file when running from source, beside the bundle when built. */
function workerScript(): URL {
  const source = new URL("./sqlite-worker.mjs", import.meta.url);
  return existsSync(fileURLToPath(source)) ? source : new URL("./sqlite-worker.js", import.meta.url);
}

type WorkerOperation = "query" | "appendChain" | "commit" | "transaction" | "backup" | "close";

interface WorkerReply {
  id: number;
  result?: unknown;
  error?: { message: string; code?: string; name?: string };
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** Request/response over postMessage, in batches; keeps the process alive only while calls are in flight. */
export class SqliteWorker {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly ready: Promise<void>;
  #nextId = 0;
  #outbox: Record<string, unknown>[] = [];

  constructor(options: SqliteWorkerOptions) {
    this.#worker = new Worker(workerScript(), { workerData: options });
    this.ready = new Promise((resolve, reject) => {
      this.#worker.once("error", reject);
      this.#worker.once("message", () => {
        this.#worker.off("error", reject);
        this.#worker.unref();
        resolve();
      });
    });
    this.#worker.on("message", (replies: WorkerReply[] | { ready: true }) => {
      if (!Array.isArray(replies)) return;
      for (const reply of replies) this.#settle(reply);
      if (this.#pending.size === 0) this.#worker.unref();
    });
    this.#worker.on("error", (error) => {
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    });
  }

  /**
   * `now`: send at once (with whatever waits to go before it) rather than at the end of the turn,
   * for a call that holds the writer, which every other write is waiting for.
   */
  call<T>(op: WorkerOperation, payload: Record<string, unknown> = {}, { now = false } = {}): Promise<T> {
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#outbox.push({ id, op, ...payload });
      if (now) this.#flush();
      else if (this.#outbox.length === 1) setImmediate(this.#flush);
    });
  }

  /**
   * Everything asked for in one turn of the event loop goes to the worker as one message, after
   * the turn's I/O: under load a turn serves many requests, and each message between threads
   * costs both threads more than a small query does (each thread pays for the wake-up and the
   * clone), so a batch pays that once.
   */
  readonly #flush = () => {
    if (this.#outbox.length === 0) return;
    const batch = this.#outbox;
    this.#outbox = [];
    try {
      this.#worker.postMessage(batch);
    } catch {
      // A value that cannot be cloned (a function, say) fails its own call only.
      for (const request of batch) {
        try {
          this.#worker.postMessage([request]);
        } catch (error) {
          this.#fail(request.id as number, error instanceof Error ? error : new Error(String(error)));
        }
      }
    }
  };

  #fail(id: number, error: Error): void {
    this.#take(id)?.reject(error);
    if (this.#pending.size === 0) this.#worker.unref();
  }

  #take(id: number): Pending | undefined {
    const pending = this.#pending.get(id);
    this.#pending.delete(id);
    return pending;
  }

  #settle(reply: WorkerReply): void {
    const pending = this.#take(reply.id);
    if (!pending) return;
    if (reply.error) pending.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code, name: reply.error.name ?? "SqliteError" }));
    else pending.resolve(reply.result);
  }

  async close(): Promise<void> {
    await this.call("close");
    await this.#worker.terminate();
  }
}

/** Reads a statement may run on the reader: plain SELECTs (anything else goes to the writer). */
const READ_ONLY_STATEMENT = /^\s*select\b/i;

/** One caller at a time on the writing connection. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();
  lock(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const acquired = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => held);
    return acquired;
  }
}

/**
 * A query's answer from the worker: its rows, or (most SELECTs) the rows as SQLite wrote them in
 * JSON, each an array of values in the order of `columns` (a JSON array of the column names).
 */
type WorkerAnswer = Omit<QueryResult<unknown>, "rows"> & ({ rows: unknown[] } | { rowsJson: string; columns: string });

function toQueryResult<R>(answer: WorkerAnswer): QueryResult<R> {
  if (!("rowsJson" in answer)) return answer as QueryResult<R>;
  const { rowsJson, columns, ...rest } = answer;
  return { ...rest, rows: rowBuilder(columns)(JSON.parse(rowsJson) as unknown[][]) as R[] };
}

type RowBuilder = (rows: unknown[][]) => Record<string, unknown>[];
const ROW_BUILDER_LIMIT = 1000;
const rowBuilders = new Map<string, RowBuilder>();

/**
 * Turns rows of values into objects keyed by column name, with a function written for those
 * columns: objects built from one literal share a shape, and build and serialise at about twice
 * the speed of objects filled key by key (100 appointments: 73 µs against 145 µs, and JSON.parse
 * of keyed objects, at twice the bytes, took 135 µs). The names are JSON string literals in the
 * code; `__proto__` is written as a computed key so it stays an own property.
 */
function rowBuilder(columns: string): RowBuilder {
  return remembered(rowBuilders, columns, ROW_BUILDER_LIMIT, () => {
    const names = JSON.parse(columns) as string[];
    const fields = names.map((name, index) => `${name === "__proto__" ? `[${JSON.stringify(name)}]` : JSON.stringify(name)}: row[${index}]`);
    return new Function("rows", `return rows.map((row) => ({ ${fields.join(", ")} }));`) as RowBuilder;
  });
}

/**
 * What Kysely holds between acquiring and releasing a connection. Inside a transaction every
 * statement goes to the writer, which the transaction holds from BEGIN to COMMIT. Outside one, a
 * SELECT goes to the reader (in WAL mode it sees everything committed, and never waits for a
 * writer), and any other statement takes the writer for itself alone.
 */
class RoutedConnection implements DatabaseConnection {
  readonly #writer: SqliteWorker;
  readonly #reader: SqliteWorker | undefined;
  readonly #mutex: Mutex;
  #release: (() => void) | undefined;
  /** Inside a transaction whose BEGIN has not yet been sent. */
  #beginPending = false;
  /** Audit rows of this transaction, appended with its COMMIT. */
  #appendsAtCommit: ChainAppend[] = [];

  constructor(writer: SqliteWorker, reader: SqliteWorker | undefined, mutex: Mutex) {
    this.#writer = writer;
    this.#reader = reader;
    this.#mutex = mutex;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return toQueryResult<R>(await this.#answer(compiledQuery));
  }

  async #answer(compiledQuery: CompiledQuery): Promise<WorkerAnswer> {
    const payload = { sql: compiledQuery.sql, parameters: compiledQuery.parameters };
    if (this.#release) return this.#writer.call<WorkerAnswer>("query", this.#inTransaction(payload), { now: true });
    if (this.#reader && READ_ONLY_STATEMENT.test(compiledQuery.sql)) return this.#reader.call<WorkerAnswer>("query", payload);
    return this.#handedOnOnceSent(() => this.#writer.call<WorkerAnswer>("query", payload, { now: true }));
  }

  /**
   * A call that takes the writer alone, letting it go as soon as the call is sent rather than when
   * its answer is back: the writer takes its messages in order and ends whatever it was asked
   * before the next caller's first statement, so the next caller may queue behind it at once
   * instead of waiting a turn of the busy event loop for this answer.
   */
  async #handedOnOnceSent<T>(send: () => Promise<T>): Promise<T> {
    const release = await this.#mutex.lock();
    let answer: Promise<T>;
    try {
      answer = send();
    } finally {
      release();
    }
    return answer;
  }

  /**
   * Appends to the audit chain in one call to the writer: inside this connection's transaction,
   * with its COMMIT (the chain's tail is read then, and a failed append fails the commit), or
   * outside one in a transaction of its own that holds the writer alone.
   */
  async appendChain(append: ChainAppend): Promise<void> {
    if (this.#release) {
      this.#appendsAtCommit.push(append);
      return;
    }
    await this.#handedOnOnceSent(() => this.#writer.call("appendChain", { ...append }, { now: true }));
  }

  /**
   * A write transaction sent whole. It takes the writer only to queue it and goes at the end of
   * the turn, with the others of the turn: the writer commits them together.
   */
  async writeTransaction(write: WholeTransaction): Promise<WorkerAnswer[]> {
    if (this.#release) throw new Error("a whole write transaction cannot run inside another transaction");
    return this.#handedOnOnceSent(() => this.#writer.call<WorkerAnswer[]>("transaction", { ...write }));
  }

  /**
   * The writer is held from BEGIN to COMMIT and every other writer waits, a round trip to the
   * busy event loop per statement: BEGIN is not sent alone but travels with the first statement,
   * and the transaction's audit rows travel with its COMMIT.
   */
  async begin(): Promise<void> {
    this.#release = await this.#mutex.lock();
    this.#beginPending = true;
  }

  #inTransaction<Payload extends Record<string, unknown>>(payload: Payload): Payload & { begin?: string } {
    if (!this.#beginPending) return payload;
    this.#beginPending = false;
    return { ...payload, begin: "begin immediate" };
  }

  /**
   * Sends the COMMIT (with the transaction's audit rows) or the ROLLBACK and lets the writer go at
   * once, before the answer: the writer ends this transaction, committed or rolled back, before it
   * reads the next one's BEGIN, so the next transaction waits for the writer, not for this
   * answer's turn on the busy event loop. A COMMIT that failed was rolled back there; the
   * ROLLBACK Kysely asks for next finds the writer already let go and sends nothing.
   */
  async finish(statement: "commit" | "rollback"): Promise<void> {
    if (!this.#release) return;
    const appends = this.#appendsAtCommit;
    this.#appendsAtCommit = [];
    let ended: Promise<unknown> | undefined;
    try {
      if (statement === "commit" && (appends.length > 0 || !this.#beginPending)) ended = this.#writer.call("commit", this.#inTransaction({ appends }), { now: true });
      // A transaction that ran no statement never began: nothing to roll back.
      else if (statement === "rollback" && !this.#beginPending) ended = this.#writer.call("query", { sql: "rollback", parameters: [] }, { now: true });
    } finally {
      this.#beginPending = false;
      this.end();
    }
    await ended;
  }

  /** Lets the writer go (also when a transaction ends abnormally). */
  end(): void {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  // eslint-disable-next-line require-yield -- the interface requires the method; nothing here streams
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("streaming is not supported by the SQLite worker driver");
  }
}

class WorkerDriver implements Driver {
  readonly #writer: SqliteWorker;
  readonly #openReader: (() => SqliteWorker) | undefined;
  #reader: SqliteWorker | undefined;
  /** The writing connection serves one caller at a time. */
  readonly #mutex = new Mutex();

  constructor(writer: SqliteWorker, openReader: (() => SqliteWorker) | undefined) {
    this.#writer = writer;
    this.#openReader = openReader;
  }
  async init(): Promise<void> {
    await this.#writer.ready;
    // Opened once the writer has the file in WAL mode.
    this.#reader = this.#openReader?.();
    await this.#reader?.ready;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.#writer, this.#reader, this.#mutex);
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutedConnection).begin();
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutedConnection).finish("commit");
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutedConnection).finish("rollback");
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as RoutedConnection).end();
  }
  async destroy(): Promise<void> {
    // The writer closes last: the last connection to close checkpoints and removes the WAL.
    await this.#reader?.close();
    await this.#writer.close();
  }
}

/**
 * SQLite: appends to the audit chain in one call to the writing thread, inside the transaction
 * `db` is, if it is one. Answers false on other databases (without building the append), for the
 * caller to append its own way.
 */
export async function appendChainOnWriter(db: Kysely<Database>, append: () => ChainAppend): Promise<boolean> {
  const appended = await onWorkerConnection(db, async (connection) => {
    await connection.appendChain(append());
    return true;
  });
  return appended ?? false;
}

/** What `use` answers with `db`'s connection, if it is one of this dialect's; undefined otherwise. */
async function onWorkerConnection<T>(db: Kysely<Database>, use: (connection: RoutedConnection) => Promise<T>): Promise<T | undefined> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return undefined;
  return db.getExecutor().provideConnection(async (connection) => (connection instanceof RoutedConnection ? use(connection) : undefined));
}

/**
 * A write transaction with nothing to decide between its statements, sent to the writer in one
 * message: its statements in order, then its audit rows, whose target_id may be the id a
 * statement inserted (`targetIdFrom`, its index in `statements`).
 */
export interface WholeTransaction {
  statements: Pick<CompiledQuery, "sql" | "parameters">[];
  append?: ChainAppend & { targetIdFrom?: number };
}

/**
 * SQLite: runs a whole write transaction in one call to the writing thread, where the ones queued
 * in the same turn commit together (one fsync, and nobody holds the writer across a round trip).
 * Answers each statement's rows. Answers undefined on other databases and inside a transaction
 * (without building it), for the caller to run it its own way.
 */
export async function writeTransactionOnWriter(db: Kysely<Database>, build: () => WholeTransaction): Promise<unknown[][] | undefined> {
  if (db.isTransaction) return undefined;
  return onWorkerConnection(db, async (connection) => {
    const answers = await connection.writeTransaction(build());
    return answers.map((answer) => toQueryResult<unknown>(answer).rows);
  });
}

/** Rows for the audit log's hash chain, and the SQL that reads its tail and inserts the rows. */
export interface ChainAppend {
  /** Gives the tail's `hash` (no row: the chain is empty). */
  tailSql: string;
  /**
   * INSERTs that together take every row, in order: each of `count` rows, whose values are given
   * row after row in STORED_COLUMNS order (audit-chain.mjs).
   */
  inserts: { sql: string; count: number }[];
  rows: ChainedRow[];
}

export class SqliteWorkerDialect implements Dialect {
  readonly #writer: SqliteWorker;
  readonly #openReader: (() => SqliteWorker) | undefined;
  /** `openReader` opens a second connection for reads outside transactions (not for :memory:). */
  constructor(writer: SqliteWorker, openReader?: () => SqliteWorker) {
    this.#writer = writer;
    this.#openReader = openReader;
  }
  createDriver(): Driver {
    return new WorkerDriver(this.#writer, this.#openReader);
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
