// The main thread's side of disk-worker.mjs: one request at a time in flight per call, one reply
// each. The thread keeps the process alive only while a request waits for its reply.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

/** The worker script: beside this file when running from source, beside the bundle when built. */
function workerScript(): URL {
  const source = new URL("./disk-worker.mjs", import.meta.url);
  return existsSync(fileURLToPath(source)) ? source : new URL("./sqlite-disk-worker.js", import.meta.url);
}

interface Reply {
  id: number;
  error?: { message: string; code?: string };
}

export class DiskThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  #nextId = 0;
  #closed = false;

  constructor(file: string, busyTimeoutMs: number) {
    this.#worker = new Worker(workerScript(), { workerData: { file, busyTimeoutMs } });
    this.#worker.unref();
    this.#worker.on("message", ({ id, error }: Reply) => {
      const pending = this.#pending.get(id);
      this.#pending.delete(id);
      if (this.#pending.size === 0) this.#worker.unref();
      if (error) pending?.reject(Object.assign(new Error(error.message), { code: error.code }));
      else pending?.resolve();
    });
    this.#worker.on("error", (error) => {
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    });
  }

  /** Makes every commit so far durable. */
  sync(): Promise<void> {
    return this.#call({ op: "sync" });
  }

  /** Writes a consistent copy of the database to `to` (a file that must not exist yet). */
  backup(to: string): Promise<void> {
    return this.#call({ op: "backup", to });
  }

  /** Closes once every request already made has its reply; later requests are refused. */
  async close(): Promise<void> {
    const closing = this.#call({ op: "close" });
    this.#closed = true;
    await closing;
    await this.#worker.terminate();
  }

  #call(request: { op: string; to?: string }): Promise<void> {
    if (this.#closed) return Promise.reject(new Error("the database is closed"));
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, ...request });
    });
  }
}
