import {
  anyLegacyVerifier,
  deleteLoginSession,
  deletePendingSignIn,
  findUserCredentials,
  upgradeLegacyVerifier,
  type Db,
  type PasswordKdf,
  type User,
} from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { typedTextForLog } from "../audit/typed-text";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import type { LoginInput, SignInParams } from "./auth.schema";
import { isOneTimePasswordExpired, ONE_TIME_PASSWORD_EXPIRED } from "./one-time-passwords";
import { countPasswordGuess, forgiveGuess, tooManyAttempts } from "./password-guesses";
import { judgePassword } from "./password-rules";
import { hashSessionToken, openSignedInSession } from "./sessions";
import { countAttempt, FAILED_SIGN_INS_PER_ADDRESS, refundAttempt } from "./throttle";
import { checkProof, kdfOf, newMemberKdf, standInLegacyKdf } from "./verifiers";
import { beginPendingSignIn } from "../two-step/two-step";
import { reviewPasswordOnce } from "../account/notices";
import type { SecondStepRequired } from "../two-step/two-step.schema";
import type { AuthenticationResponse } from "../two-step/passkeys.schema";
import { PASSKEY_NOT_ACCEPTED, verifyPasskeyAssertion } from "../two-step/passkeys";

export const INVALID_CREDENTIALS = "Invalid username or password";
export const ACCOUNT_DEACTIVATED = "This account has been deactivated. Please contact the clinic if you need access.";

/**
 * Checks a username and password (or the web app's authKey derived from it) and starts a new
 * session (a new token every time, so a token planted before sign-in is worthless after it).
 * Failures say only "Invalid username or password" and are throttled per account and per
 * address: the attempt is counted as a failure before the password is checked, and taken out of
 * the counts again if it turns out not to be one. A member still on a pre-split verifier moves to
 * the new one in the same commit as the session. A member with two-step sign-in gets no session
 * yet: a pending sign-in that a code completes.
 */
export async function signIn(ctx: RequestContext, input: LoginInput): Promise<User | SecondStepRequired> {
  const guess = await countPasswordGuess(ctx, input.username, "auth.login");
  const credentials = await findUserCredentials(ctx.db, input.username);
  const checked = await checkProof(ctx, credentials, input.username, input);

  if (!credentials || !checked.proved) {
    // Already counted as a failure.
    await recordAudit(ctx, {
      actorId: credentials?.user.id ?? null,
      action: "auth.login",
      outcome: "failure",
      request: ctx.request,
      details: { username: typedTextForLog(guess.account.key) },
    });
    throw new AppError("UNAUTHENTICATED", INVALID_CREDENTIALS);
  }

  const { user } = credentials;
  // A right password for a deactivated account is no guess: it is not counted as one.
  if (user.deactivatedAt !== null) await refundAttempt(ctx.db, guess.attempt);
  await refuseClosedAccount(ctx, user);

  await forgiveGuess(ctx, guess);
  await reviewPasswordOnce(ctx, user, () => ("password" in input ? judgePassword(input.password, user).problem !== null : input.passwordFallsShort));
  const upgrade = checked.upgrade;
  const moveOn = upgrade ? (db: Db) => upgradeLegacyVerifier(db, user.id, upgrade) : undefined;
  if (user.twoStepEnabled) {
    await moveOn?.(ctx.db);
    return beginPendingSignIn(ctx, user);
  }
  await openSignedInSession(ctx, user, undefined, moveOn);
  return user;
}

export const PASSKEY_NOT_ON_ONE_TIME_PASSWORD =
  "Sign in with your username and the one-time password you were given: until you choose a new password, a passkey alone does not sign you in.";

/**
 * What the browser needs before it derives a password's secrets: the member's salt and Argon2id
 * parameters, and while any member is still on a pre-split verifier, the old hash's. A username
 * nobody has gets a stable answer of the same shape (the salt a new member of that name would
 * get), so the answer says nothing about whether an account exists.
 */
export async function signInParams(ctx: RequestContext, username: string): Promise<SignInParams> {
  const [credentials, legacyExists] = await Promise.all([findUserCredentials(ctx.db, username), anyLegacyVerifier(ctx.db)]);
  const kdf = credentials ? kdfOf(ctx, credentials) : newMemberKdf(ctx, username);
  const legacy = !legacyExists ? null : credentials?.kdf === null && credentials.legacyKdf ? credentials.legacyKdf : standInLegacyKdf(ctx, username);
  return { kdf: { algorithm: "argon2id", ...pick(kdf) }, legacy: legacy && pick(legacy) };
}

const pick = ({ salt, memoryKiB, iterations, parallelism }: PasswordKdf): PasswordKdf => ({ salt, memoryKiB, iterations, parallelism });

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
  // An admin's one-time password takes the account back (from whoever added a passkey to it, say):
  // until it is replaced, only it signs in, and a passkey only as its second step.
  if (user.mustChangePassword) {
    await recordAudit(ctx, {
      actorId: user.id,
      action: "auth.login",
      outcome: "denied",
      request: ctx.request,
      details: { reason: "one_time_password", method: "passkey" },
    });
    throw new AppError("FORBIDDEN", PASSKEY_NOT_ON_ONE_TIME_PASSWORD);
  }
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
