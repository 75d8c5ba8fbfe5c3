// A Kysely dialect for SQLite whose one connection lives in a worker thread (sqlite-worker.mjs).
// Like Kysely's own SQLite driver it hands out that single connection one caller at a time, and
// every transaction takes the write lock at BEGIN (BEGIN IMMEDIATE): concurrent writers queue
// on the busy timeout instead of failing half-way through.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from "kysely";

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

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** Request/response over postMessage; keeps the process alive only while calls are in flight. */
export class SqliteWorker {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly ready: Promise<void>;
  #nextId = 0;

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
    this.#worker.on("message", (message: { id?: number; result?: unknown; error?: { message: string; code?: string; name?: string } }) => {
      if (message.id === undefined) return;
      const pending = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (this.#pending.size === 0) this.#worker.unref();
      if (!pending) return;
      if (message.error) pending.reject(Object.assign(new Error(message.error.message), { code: message.error.code, name: message.error.name ?? "SqliteError" }));
      else pending.resolve(message.result);
    });
    this.#worker.on("error", (error) => {
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    });
  }

  call<T>(op: "query" | "backup" | "close", payload: Record<string, unknown> = {}): Promise<T> {
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ id, op, ...payload });
    });
  }

  async close(): Promise<void> {
    await this.call("close");
    await this.#worker.terminate();
  }
}

class WorkerConnection implements DatabaseConnection {
  readonly #worker: SqliteWorker;
  constructor(worker: SqliteWorker) {
    this.#worker = worker;
  }
  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.#worker.call<QueryResult<R>>("query", { sql: compiledQuery.sql, parameters: compiledQuery.parameters });
  }
  // eslint-disable-next-line require-yield -- the interface requires the method; nothing here streams
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("streaming is not supported by the SQLite worker driver");
  }
}

/** One caller at a time on the single connection. */
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

class WorkerDriver implements Driver {
  readonly #worker: SqliteWorker;
  readonly #connection: WorkerConnection;
  readonly #mutex = new Mutex();
  #release: (() => void) | undefined;

  constructor(worker: SqliteWorker) {
    this.#worker = worker;
    this.#connection = new WorkerConnection(worker);
  }
  async init(): Promise<void> {
    await this.#worker.ready;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    this.#release = await this.#mutex.lock();
    return this.#connection;
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }
  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
  async destroy(): Promise<void> {
    await this.#worker.close();
  }
}

export class SqliteWorkerDialect implements Dialect {
  readonly #worker: SqliteWorker;
  constructor(worker: SqliteWorker) {
    this.#worker = worker;
  }
  createDriver(): Driver {
    return new WorkerDriver(this.#worker);
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
