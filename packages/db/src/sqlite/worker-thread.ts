// The main thread's side of a SQLite worker (worker.mjs): requests go out as they come, one reply
// each. A thread keeps the process alive only while a request waits.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

/** What the thread does (worker.mjs): reads outside transactions, or what waits on the disk. */
type WorkerRole = "disk" | "read";

/** The worker script: beside this file when running from source, beside the bundle when built. */
function workerScript(): URL {
  const source = new URL("./worker.mjs", import.meta.url);
  return existsSync(fileURLToPath(source)) ? source : new URL("./sqlite-worker.js", import.meta.url);
}

interface Reply {
  id: number;
  result?: unknown;
  error?: { message: string; code?: string };
}

export class WorkerThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 0;
  #closed = false;

  constructor(role: WorkerRole, file: string, busyTimeoutMs: number) {
    this.#worker = new Worker(workerScript(), { workerData: { file, busyTimeoutMs, role } });
    this.#worker.unref();
    this.#worker.on("message", ({ id, result, error }: Reply) => {
      const pending = this.#pending.get(id);
      this.#pending.delete(id);
      if (this.#pending.size === 0) this.#worker.unref();
      if (error) pending?.reject(Object.assign(new Error(error.message), { code: error.code }));
      else pending?.resolve(result);
    });
    this.#worker.on("error", (error) => {
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    });
  }

  call<T = void>(request: { op: string } & Record<string, unknown>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error("the database is closed"));
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      this.#worker.postMessage({ id, ...request });
    });
  }

  /** Closes once every request already made has its reply; later requests are refused. */
  async close(): Promise<void> {
    const closing = this.call({ op: "close" });
    this.#closed = true;
    await closing;
    await this.#worker.terminate();
  }
}
