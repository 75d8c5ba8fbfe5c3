import { deleteLoginSession, deletePendingSignIn, findUserCredentials, usernameKey, type User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import type { LoginInput } from "./auth.schema";
import { isOneTimePasswordExpired, ONE_TIME_PASSWORD_EXPIRED } from "./one-time-passwords";
import { verifyDecoy, verifyPassword } from "./passwords";
import { hashSessionToken, openSignedInSession } from "./sessions";
import { countAttempt, FAILED_SIGN_INS_PER_ACCOUNT, FAILED_SIGN_INS_PER_ADDRESS, refundAttempt } from "./throttle";
import { beginPendingSignIn } from "../two-step/two-step";
import { reviewPasswordOnce } from "../account/notices";
import type { SecondStepRequired } from "../two-step/two-step.schema";
import type { AuthenticationResponse } from "../two-step/passkeys.schema";
import { PASSKEY_NOT_ACCEPTED, verifyPasskeyAssertion } from "../two-step/passkeys";

export const INVALID_CREDENTIALS = "Invalid username or password";
export const ACCOUNT_DEACTIVATED = "This account has been deactivated. Please contact the clinic if you need access.";

function tooManyAttempts(retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError("RATE_LIMITED", `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`, {
    retryAfterSeconds,
  });
}

/**
 * Checks a username and password and starts a new session (a new token every time, so a token
 * planted before sign-in is worthless after it). Failures say only "Invalid username or
 * password" and are throttled per account and per address: the attempt is counted as a failure
 * before the password is checked, and taken out of the counts again if it turns out not to be one.
 * A member with two-step sign-in gets no session yet: a pending sign-in that a code completes.
 */
export async function signIn(ctx: RequestContext, input: LoginInput): Promise<User | SecondStepRequired> {
  const accountKey = usernameKey(input.username);
  const addressKey = ctx.request.ip ?? "unknown";
  const account = { rule: FAILED_SIGN_INS_PER_ACCOUNT, key: accountKey };
  const counted = await countAttempt(ctx, [account, { rule: FAILED_SIGN_INS_PER_ADDRESS, key: addressKey }]);
  if (!counted.admitted) {
    await recordAudit(ctx, {
      actorId: null,
      action: "auth.login",
      outcome: "denied",
      request: ctx.request,
      details: { reason: "throttled", username: accountKey },
    });
    throw tooManyAttempts(counted.retryAfterSeconds);
  }

  const credentials = await findUserCredentials(ctx.db, input.username);
  const passwordMatches = credentials ? await verifyPassword(credentials.passwordHash, input.password) : await verifyDecoy(input.password).then(() => false);

  if (!credentials || !passwordMatches) {
    // Already counted as a failure.
    await recordAudit(ctx, {
      actorId: credentials?.user.id ?? null,
      action: "auth.login",
      outcome: "failure",
      request: ctx.request,
      details: { username: accountKey },
    });
    throw new AppError("UNAUTHENTICATED", INVALID_CREDENTIALS);
  }

  const { user } = credentials;
  // A right password for a deactivated account is no guess: it is not counted as one.
  if (user.deactivatedAt !== null) await refundAttempt(ctx.db, counted.attempt);
  await refuseClosedAccount(ctx, user);

  // The owner is in: their account's failures are forgiven; the address keeps its other failures.
  await refundAttempt(ctx.db, counted.attempt, [account]);
  await reviewPasswordOnce(ctx, user, input.password);
  if (user.twoStepEnabled) return beginPendingSignIn(ctx, user);
  await openSignedInSession(ctx, user);
  return user;
}

/** A right password or passkey still opens nothing for a deactivated account, or on an expired one-time password. */
async function refuseClosedAccount(ctx: RequestContext, user: User): Promise<void> {
  const reason = user.deactivatedAt !== null ? "deactivated" : isOneTimePasswordExpired(user, ctx.now()) ? "one_time_password_expired" : undefined;
  if (!reason) return;
  await recordAudit(ctx, { actorId: user.id, action: "auth.login", outcome: "denied", request: ctx.request, details: { reason } });
  throw new AppError("FORBIDDEN", reason === "deactivated" ? ACCOUNT_DEACTIVATED : ONE_TIME_PASSWORD_EXPIRED);
}

/**
 * The whole sign-in with a passkey, no username or password: the passkey names its member, and its
 * user verification (PIN, face, finger) makes it two factors in one. Failures are counted against
 * the address, as wrong passwords are; a sign-in waiting for its second step is done with.
 */
export async function signInWithPasskey(ctx: RequestContext, response: AuthenticationResponse): Promise<User> {
  const counted = await countAttempt(ctx, [{ rule: FAILED_SIGN_INS_PER_ADDRESS, key: ctx.request.ip ?? "unknown" }]);
  if (!counted.admitted) {
    await recordAudit(ctx, {
      actorId: null,
      action: "auth.login",
      outcome: "denied",
      request: ctx.request,
      details: { reason: "throttled", method: "passkey" },
    });
    throw tooManyAttempts(counted.retryAfterSeconds);
  }
  const user = await verifyPasskeyAssertion(ctx, response);
  if (!user) {
    await recordAudit(ctx, { actorId: null, action: "auth.login", outcome: "failure", request: ctx.request, details: { method: "passkey" } });
    throw new AppError("UNAUTHENTICATED", PASSKEY_NOT_ACCEPTED);
  }
  await refundAttempt(ctx.db, counted.attempt);
  await refuseClosedAccount(ctx, user);
  const pending = ctx.pendingSignIn.token;
  await openSignedInSession(ctx, user, { method: "passkey" }, async (trx) => {
    if (pending) await deletePendingSignIn(trx, hashSessionToken(pending));
  });
  if (pending) ctx.pendingSignIn.clear();
  return user;
}

/**
 * Ends the caller's session on the server and removes the cookie, and a sign-in still waiting for
 * its second step with it. Signing out twice is fine.
 */
export async function signOut(ctx: RequestContext): Promise<void> {
  if (ctx.pendingSignIn.token) {
    await deletePendingSignIn(ctx.db, hashSessionToken(ctx.pendingSignIn.token));
    ctx.pendingSignIn.clear();
  }
  if (ctx.sessionToken) {
    const idHash = hashSessionToken(ctx.sessionToken);
    await ctx.db.transaction().execute(async (trx) => {
      await deleteLoginSession(trx, idHash);
      await recordAudit(ctx, { actorId: ctx.user?.id ?? null, action: "auth.logout", outcome: "success", request: ctx.request }, trx);
    });
    if (ctx.user) {
      ctx.events.publish({
        type: "sessions_ended",
        data: { userId: ctx.user.id, sessionIdHash: idHash },
        recipients: [ctx.user.id],
      });
    }
  }
  ctx.cookies.clear();
}
