// Counts events per key in a sliding window. Used to slow down password guessing (per account
// and per address) and bulk registration. Windows expire, so a real owner is never locked out
// for good. Kept in memory: with several API instances each counts its own share, which still
// bounds an attacker to (instances × limit) guesses per window.
export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

export class Throttle {
  readonly #hits = new Map<string, number[]>();
  readonly #rule: ThrottleRule;
  readonly #maxKeys: number;

  constructor(rule: ThrottleRule, maxKeys = 50_000) {
    this.#rule = rule;
    this.#maxKeys = maxKeys;
  }

  /** Seconds until `key` may act again, or 0 when it may act now. */
  retryAfterSeconds(key: string, now: number): number {
    const hits = this.#recent(key, now);
    if (hits.length < this.#rule.limit) return 0;
    const oldest = hits[hits.length - this.#rule.limit] ?? now;
    return Math.max(1, Math.ceil((oldest + this.#rule.windowMs - now) / 1000));
  }

  record(key: string, now: number): void {
    if (!this.#hits.has(key) && this.#hits.size >= this.#maxKeys) this.#prune(now);
    const hits = this.#recent(key, now);
    hits.push(now);
    this.#hits.set(key, hits);
  }

  clear(key: string): void {
    this.#hits.delete(key);
  }

  #recent(key: string, now: number): number[] {
    const since = now - this.#rule.windowMs;
    return (this.#hits.get(key) ?? []).filter((at) => at > since);
  }

  #prune(now: number): void {
    for (const key of this.#hits.keys()) {
      if (this.#recent(key, now).length === 0) this.#hits.delete(key);
    }
    // Still full of live keys: forget the oldest rather than grow without bound.
    while (this.#hits.size >= this.#maxKeys) {
      const first = this.#hits.keys().next().value;
      if (first === undefined) break;
      this.#hits.delete(first);
    }
  }
}

export interface AuthThrottles {
  failedLoginsPerAccount: Throttle;
  failedLoginsPerAddress: Throttle;
  registrationsPerAddress: Throttle;
}

export function createAuthThrottles(): AuthThrottles {
  const quarterHour = 15 * 60 * 1000;
  return {
    failedLoginsPerAccount: new Throttle({ limit: 5, windowMs: quarterHour }),
    failedLoginsPerAddress: new Throttle({ limit: 30, windowMs: quarterHour }),
    registrationsPerAddress: new Throttle({ limit: 20, windowMs: 60 * 60 * 1000 }),
  };
}
