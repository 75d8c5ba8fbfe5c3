// Every check of a password (or of the secrets derived from it) is a guess an attacker would like
// to make without limit: at sign-in, and on a signed-in session too (a re-check, a password
// change), where a stolen cookie would otherwise guess freely. They all count in the same
// database throttle, per account and per address, before the hash is computed.
import { usernameKey, type User } from "@halcyon/db";
import { recordAudit, type AuditAction } from "../audit/audit";
import { typedTextForLog } from "../audit/typed-text";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { countAttempt, FAILED_SIGN_INS_PER_ACCOUNT, FAILED_SIGN_INS_PER_ADDRESS, refundAttempt, type CountedAttempt, type ThrottledKey } from "./throttle";

export interface CountedGuess {
  attempt: CountedAttempt;
  account: ThrottledKey;
}

export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError("RATE_LIMITED", `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`, {
    retryAfterSeconds,
  });
}

/**
 * Counts a guess at `username`'s password as a failure before it is checked; refused (429, audited
 * under `action`) while the account or the address is over its limit.
 */
export async function countPasswordGuess(ctx: RequestContext, username: string, action: AuditAction, actor: User | null = null): Promise<CountedGuess> {
  const account = { rule: FAILED_SIGN_INS_PER_ACCOUNT, key: usernameKey(username) };
  const counted = await countAttempt(ctx, [account, { rule: FAILED_SIGN_INS_PER_ADDRESS, key: ctx.request.ip ?? "unknown" }]);
  if (counted.admitted) return { attempt: counted.attempt, account };
  await recordAudit(ctx, {
    actorId: actor?.id ?? null,
    action,
    outcome: "denied",
    request: ctx.request,
    details: { reason: "throttled", username: typedTextForLog(account.key) },
  });
  throw tooManyAttempts(counted.retryAfterSeconds);
}

/** A right guess is no guess: the owner is in, their account's failures are forgiven; the address keeps its other failures. */
export async function forgiveGuess(ctx: RequestContext, guess: CountedGuess): Promise<void> {
  await refundAttempt(ctx.db, guess.attempt, [guess.account]);
}
