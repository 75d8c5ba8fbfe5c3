// Spaces the sends of one transport evenly, at most `perSecond`. A minute's reminders arrive as
// one burst of thousands; sent as fast as the server can go, composing and writing them would take
// most of a core from the requests for as long as it lasts. Spread over the minute or two they may
// take, the same work leaves the requests their share, and stays under what a mail provider
// accepts in a second.
export class SendPacer {
  readonly #intervalMs: number;
  /** When the next send may start (performance.now()'s clock). */
  #next = 0;

  constructor(perSecond: number) {
    this.#intervalMs = 1_000 / perSecond;
  }

  /** Resolves when this send may start: takes the next free moment, one interval after the last. */
  turn(): Promise<void> {
    const now = performance.now();
    const at = Math.max(now, this.#next);
    this.#next = at + this.#intervalMs;
    return at <= now ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, at - now));
  }
}
