// Slows down password guessing (per account and per address) and bulk registration. Windows
// slide, so a real owner is never locked out for good.
//
// The counts live in the database (throttle_hits), so a restart does not reset them and every
// instance on one database shares them. An attempt takes its place in the count BEFORE it is
// made: its row is committed first, then its key is counted. Of any attempts racing on one key,
// the one committed k-th counts at least k rows, so at most `limit` of them are let through,
// however many arrive at once, with no read-then-write for two of them to interleave in. An
// attempt turned away, or one the rule does not count in the end (a sign-in that succeeds),
// takes its row out again.
import { countThrottleHits, deleteThrottleHits, insertThrottleHits, nthNewestThrottleHit, purgeThrottleHits, type Db, type ThrottleKey } from "@halcyon/db";
import type { ClinicServices, RequestContext } from "../context";
import { AppError } from "../errors";

export interface ThrottleRule {
  scope: string;
  limit: number;
  windowMs: number;
}

const QUARTER_HOUR = 15 * 60_000;
const HOUR = 60 * 60_000;

export const FAILED_SIGN_INS_PER_ACCOUNT: ThrottleRule = { scope: "sign_in_account", limit: 5, windowMs: QUARTER_HOUR };
export const FAILED_SIGN_INS_PER_ADDRESS: ThrottleRule = { scope: "sign_in_address", limit: 30, windowMs: QUARTER_HOUR };
export const REGISTRATIONS_PER_ADDRESS: ThrottleRule = { scope: "registration_address", limit: 20, windowMs: HOUR };
/** A member's uploads of attachments: enough for any conversation, too few to fill the disk fast. */
export const UPLOADS_PER_MEMBER: ThrottleRule = { scope: "attachment_upload_member", limit: 30, windowMs: HOUR };
/** Rows older than this count under no rule. */
const LONGEST_WINDOW_MS = HOUR;

export interface ThrottledKey {
  rule: ThrottleRule;
  key: string;
}

/** An attempt that has taken its place in the counts: its rows. */
export interface CountedAttempt {
  ids: number[];
}

export type AttemptCount = { admitted: true; attempt: CountedAttempt } | { admitted: false; retryAfterSeconds: number };

type ThrottleServices = Pick<ClinicServices, "db" | "now">;

const keyOf = ({ rule, key }: ThrottledKey): ThrottleKey => ({ scope: rule.scope, key });

/**
 * Counts an attempt under every rule before it is made. Admitted when each key is still within
 * its limit with this attempt counted; otherwise the attempt leaves the counts again and the
 * answer says how long until it would fit.
 */
export async function countAttempt(services: ThrottleServices, keys: ThrottledKey[]): Promise<AttemptCount> {
  const now = services.now().getTime();
  const ids = await insertThrottleHits(services.db, keys.map(keyOf), new Date(now).toISOString());
  const windows = keys.map((entry) => ({ ...keyOf(entry), since: new Date(now - entry.rule.windowMs).toISOString() }));
  const counts = await countThrottleHits(services.db, windows);
  const over = keys.flatMap((entry, index) => ((counts[index] ?? 0) > entry.rule.limit ? [index] : []));
  if (over.length === 0) return { admitted: true, attempt: { ids } };

  await deleteThrottleHits(services.db, ids);
  const waits = await Promise.all(
    over.map(async (index) => {
      const { rule } = keys[index]!;
      // The key has room once its limit-th newest attempt leaves the window.
      const oldest = await nthNewestThrottleHit(services.db, windows[index]!, rule.limit);
      return oldest === undefined ? 1 : Math.ceil((Date.parse(oldest) + rule.windowMs - now) / 1000);
    }),
  );
  return { admitted: false, retryAfterSeconds: Math.max(1, ...waits) };
}

/** Takes a counted attempt out of the counts again, and with it every attempt of `clear` (in `db`: a transaction, when it goes with one). */
export async function refundAttempt(db: Db, attempt: CountedAttempt, clear: ThrottledKey[] = []): Promise<void> {
  await deleteThrottleHits(db, attempt.ids, clear.map(keyOf));
}

/** Forgets attempts that have left every window, so the table holds only live counts. */
export async function purgeExpiredAttempts(services: ThrottleServices): Promise<number> {
  return purgeThrottleHits(services.db, new Date(services.now().getTime() - LONGEST_WINDOW_MS).toISOString());
}

/**
 * At most `max` operations per key running at once, in this process. Checked before any work,
 * so a burst from one address is turned away at once instead of queueing for the hash.
 */
export class InFlightLimit {
  readonly #running = new Map<string, number>();
  readonly #max: number;

  constructor(max: number) {
    this.#max = max;
  }

  /** Takes a place for `key` and answers how to give it back, or undefined when none is free. */
  enter(key: string): (() => void) | undefined {
    const running = this.#running.get(key) ?? 0;
    if (running >= this.#max) return undefined;
    this.#running.set(key, running + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#running.get(key) ?? 1) - 1;
      if (left === 0) this.#running.delete(key);
      else this.#running.set(key, left);
    };
  }
}

export const TOO_MANY_SIGN_INS_AT_ONCE = "Too many sign-in attempts from your network at once. Please wait a moment and try again.";

export interface AuthThrottles {
  signInsInFlight: InFlightLimit;
}

/** `signInsAtOncePerAddress`: the clinic's setting (SIGN_INS_AT_ONCE_PER_ADDRESS). */
export function createAuthThrottles(signInsAtOncePerAddress: number): AuthThrottles {
  return { signInsInFlight: new InFlightLimit(signInsAtOncePerAddress) };
}

/**
 * Refuses a sign-in at once while its address already has the most it may have in flight (the
 * refusal is audited, a row a minute per address at most).
 */
export async function withSignInPlace<T>(ctx: Pick<RequestContext, "throttles" | "refusals" | "request">, signIn: () => Promise<T>): Promise<T> {
  const release = ctx.throttles.signInsInFlight.enter(ctx.request.ip ?? "unknown");
  if (!release) {
    await ctx.refusals.record({ kind: "sign_ins_in_flight", request: ctx.request });
    throw new AppError("RATE_LIMITED", TOO_MANY_SIGN_INS_AT_ONCE, { retryAfterSeconds: 1 });
  }
  try {
    return await signIn();
  } finally {
    release();
  }
}
