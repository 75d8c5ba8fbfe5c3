// Tells this instance's notice worker (apps/api/src/notices/) that notices were just written, so
// it looks at once instead of at its next poll. It is only a hint: the rows are written inside a
// transaction that may not have committed yet, and the worker's poll finds whatever it misses.
export class OutboxSignal {
  readonly #listeners = new Set<() => void>();

  queued(): void {
    for (const listener of this.#listeners) listener();
  }

  /** Calls `listener` at each `queued()`; returns what stops it. */
  listen(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }
}
