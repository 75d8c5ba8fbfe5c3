// Group commit: SQLite commits on the event loop without waiting for the disk (WAL with
// synchronous=NORMAL), and a write is acknowledged only once an fsync of the WAL that began after
// its COMMIT has finished. Everything committed while one fsync runs shares the next one, so a
// busy clinic pays one fsync per group of writes rather than one per write.

interface Waiters {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

function waiters(): Waiters {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export class GroupSync {
  readonly #sync: () => Promise<void>;
  #running = false;
  /** Those who committed while an fsync was running: the next fsync is theirs. */
  #next: Waiters | undefined;

  /** `sync` makes everything written to the WAL so far durable (one fsync). */
  constructor(sync: () => Promise<void>) {
    this.#sync = sync;
  }

  /** Resolves once everything committed before this call is on the disk. */
  durable(): Promise<void> {
    if (this.#running) return (this.#next ??= waiters()).promise;
    return this.#run();
  }

  #run(): Promise<void> {
    this.#running = true;
    const synced = this.#sync();
    const settle = () => {
      this.#running = false;
      const next = this.#next;
      this.#next = undefined;
      if (next) this.#run().then(next.resolve, next.reject);
    };
    synced.then(settle, settle);
    return synced;
  }
}
