// Two-step sign-in: a member turns it on from their account with an authenticator app (a new
// secret, confirmed with a first code, then ten recovery codes shown once) or a passkey
// (passkeys.ts). From then on a correct password only opens a pending sign-in, which a code or a
// passkey completes. Turning a factor off is a sensitive change: it needs a recent re-check.
// Every change is audited and ends the member's other sessions.
import { randomBytes } from "node:crypto";
import {
  addAccountNotice,
  claimTotpTimeStep,
  confirmTotpFactor,
  deletePendingSignIn,
  deleteTotpFactor,
  deleteTwoStepFactors,
  findPendingSignIn,
  factorsOf,
  findTotpFactor,
  findUserById,
  findUserCredentials,
  insertPendingSignIn,
  findRecoveryCodes,
  markLoginSessionVerified,
  removeAccountNotice,
  replaceRecoveryCodes,
  saveUnconfirmedTotpFactor,
  upgradeLegacyVerifier,
  useRecoveryCode,
  type User,
} from "@halcyon/db";
import { announceEnded, deleteOtherSessionsOf, ownAccountChange } from "../account/member-sessions";
import { recordAudit } from "../audit/audit";
import { countPasswordGuess, forgiveGuess } from "../auth/password-guesses";
import { checkProof } from "../auth/verifiers";
import { endAllLoginSessionsOf, hashSessionToken, openSignedInSession } from "../auth/sessions";
import { countAttempt, refundAttempt, type ThrottleRule } from "../auth/throttle";
import type { ClinicServices, RequestContext, RequestMeta } from "../context";
import { AppError } from "../errors";
import { useEnrolmentCodeWhereRequired } from "./enrolment";
import { newRecoveryCode, RECOVERY_CODE_COUNT, recoveryCodeMatches, recoveryCodePrefix, storedRecoveryCodes } from "./recovery-codes";
import type { AuthenticationResponse } from "./passkeys.schema";
import { PASSKEY_NOT_ACCEPTED, verifyPasskeyAssertion } from "./passkeys";
import { RECENT_CHECK_MS } from "./recent-check";
import { tellOfSecurityChange } from "../account/security-notices";
import { acceptedTimeStep, newTotpSecret, totpUri } from "./totp";
import { openTotpSecret, sealTotpSecret } from "./totp-secret-seal";
import type { RecheckProof, SecondStepMethod, SecondStepRequired } from "./two-step.schema";

type Member = RequestContext & { user: User };

/** A pending sign-in lasts this long: time to open the authenticator, not to walk away. */
export const PENDING_SIGN_IN_MS = 5 * 60_000;
/** Ten wrong codes in a row (within a quarter of an hour) and the account waits. */
export const FAILED_SECOND_STEPS: ThrottleRule = { scope: "second_step_account", limit: 10, windowMs: 15 * 60_000 };

export const WRONG_CODE = "That code is not right. Check your authenticator app and try again.";
/** At sign-in the code may be the app's or a recovery code, and either is refused once used. */
export const CODE_NOT_ACCEPTED = "That code was not accepted. Each code works once: check it and try again.";
export const SIGN_IN_EXPIRED = "Your sign-in has expired. Please sign in again.";

export interface TwoStepStatus {
  totp: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
}

export async function twoStepStatus(ctx: Member): Promise<TwoStepStatus> {
  const factors = await factorsOf(ctx.db, ctx.user.id);
  return { totp: factors.totp, passkeys: factors.passkeys, recoveryCodesLeft: ctx.user.twoStepEnabled ? factors.recoveryCodes : 0 };
}

/** A new authenticator secret to scan; it takes effect once confirmed with a first code. */
export async function beginTotpSetup(ctx: Member): Promise<{ secret: string; otpauthUrl: string }> {
  // Needs a recent re-check (rechecked-procedures.ts): a session taken over must not tie the account to someone else's phone.
  const secret = newTotpSecret();
  if (!(await saveUnconfirmedTotpFactor(ctx.db, ctx.user.id, sealTotpSecret(ctx, ctx.user.id, secret))))
    throw new AppError("CONFLICT", "Your authenticator app is already set up. Turn it off first to use another.");
  return { secret, otpauthUrl: totpUri(secret, { issuer: ctx.config.clinicName, account: ctx.user.username }) };
}

/**
 * Turns two-step sign-in on with the first code (and, for staff who must enrol, the enrolment code
 * an admin gave them); answers the recovery codes, shown this once.
 */
export async function confirmTotpSetup(ctx: Member, code: string, enrolmentCode?: string): Promise<{ recoveryCodes: string[] }> {
  const factor = await findTotpFactor(ctx.db, ctx.user.id);
  if (!factor || factor.confirmedAt) throw new AppError("CONFLICT", "Start setting up your authenticator again: there is nothing to confirm.");
  const step = await acceptedTimeStep(openTotpSecret(ctx, ctx.user.id, factor.secret), code.trim(), ctx.now(), null);
  if (step === undefined) throw new AppError("INVALID_INPUT", WRONG_CODE);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const stored = await storedRecoveryCodes(recoveryCodes);
  const ended = await ownAccountChange(ctx, "auth.two_step_on", async (trx) => {
    await useEnrolmentCodeWhereRequired(ctx, trx, enrolmentCode);
    // The stored (sealed) secret the code was checked against: a set-up racing with this one wrote another.
    if (!(await confirmTotpFactor(trx, ctx.user.id, factor.secret, ctx.now().toISOString(), step)))
      throw new AppError("CONFLICT", "Start setting up your authenticator again: it changed while this code was checked.");
    // Set up again after an admin's reset: the notice of the reset has done its job.
    await removeAccountNotice(trx, ctx.user.id, "two_step_reset");
    await replaceRecoveryCodes(trx, ctx.user.id, stored);
    await tellOfSecurityChange(ctx, trx, ctx.user.id, "two_step_on");
    return deleteOtherSessionsOf(ctx, trx);
  });
  announceEnded(ctx, ended);
  return { recoveryCodes };
}

/**
 * Turns the authenticator app off: a sensitive change, so after a recent re-check. Two-step
 * sign-in stays on while the member has a passkey (and so do their recovery codes).
 */
export async function turnOffTwoStep(ctx: Member): Promise<void> {
  const ended = await ownAccountChange(ctx, "auth.two_step_off", async (trx) => {
    await deleteTotpFactor(trx, ctx.user.id);
    await tellOfSecurityChange(ctx, trx, ctx.user.id, "two_step_off");
    return deleteOtherSessionsOf(ctx, trx);
  });
  announceEnded(ctx, ended);
}

/**
 * An admin's reset, for a member who lost their authenticator and their recovery codes: every
 * factor goes, every session of theirs ends, and their next sign-in tells them (a notice) so that
 * they can set it up again. A reset of their password leaves two-step sign-in as it is.
 */
export async function resetTwoStepOf(ctx: Member, userId: number): Promise<void> {
  // With it, an admin can sign someone in on their password alone: a stolen admin session must
  // not be enough, so it needs the admin's recent re-check (rechecked-procedures.ts).
  const target = await findUserById(ctx.db, userId);
  if (!target) throw new AppError("NOT_FOUND", "No such user.");
  if (target.id === ctx.user.id) throw new AppError("CONFLICT", "Turn your own two-step sign-in off from your account page.");
  if (target.deactivatedAt !== null) throw new AppError("CONFLICT", "This account is deactivated: reactivate it first.");
  await removeEveryFactor(ctx, target, { actorId: ctx.user.id, request: ctx.request });
}

/** The console's reset (`pnpm clinic reset-two-step`), for a clinic whose only admin lost every factor. */
export async function resetTwoStepFromConsole(services: ClinicServices, username: string): Promise<void> {
  const found = await findUserCredentials(services.db, username);
  if (!found) throw new AppError("NOT_FOUND", `No user is called "${username}".`);
  await removeEveryFactor(services, found.user, { actorId: null });
}

async function removeEveryFactor(services: ClinicServices, target: User, by: { actorId: number | null; request?: RequestMeta }): Promise<void> {
  if (!target.twoStepEnabled) throw new AppError("CONFLICT", "This member does not sign in in two steps: there is nothing to reset.");
  await endAllLoginSessionsOf(services, target.id, async (trx, ended) => {
    await deleteTwoStepFactors(trx, target.id);
    await addAccountNotice(trx, target.id, "two_step_reset", services.now().toISOString());
    await tellOfSecurityChange(services, trx, target.id, "two_step_reset");
    await recordAudit(
      services,
      {
        actorId: by.actorId,
        action: "admin.two_step_reset",
        outcome: "success",
        targetType: "user",
        targetId: target.id,
        ...(by.request ? { request: by.request } : {}),
        details: { sessionsEnded: ended, ...(by.actorId === null ? { console: true } : {}) },
      },
      trx,
    );
  });
}

/**
 * Re-checks who is behind the session, by password (or the web app's authKey) or passkey, for the
 * sensitive changes of the next few minutes. A password is a guess like a sign-in's: it counts in
 * the same throttle, per account and per address, so a stolen session cannot guess without limit.
 * Both outcomes are audited.
 */
export async function recheck(ctx: Member, proof: RecheckProof): Promise<{ verifiedUntil: string }> {
  const proved = ctx.sessionToken !== null && ("passkey" in proof ? await ownPasskeyUsed(ctx, proof.passkey) : await ownPassword(ctx, proof));
  if (!proved) {
    await recordAudit(ctx, { actorId: ctx.user.id, action: "auth.recheck", outcome: "failure", request: ctx.request });
    throw new AppError("INVALID_INPUT", "passkey" in proof ? PASSKEY_NOT_ACCEPTED : "That password is not right.");
  }
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await markLoginSessionVerified(trx, hashSessionToken(ctx.sessionToken!), now.toISOString());
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "auth.recheck",
        outcome: "success",
        request: ctx.request,
        details: { method: "passkey" in proof ? "passkey" : "password" },
      },
      trx,
    );
  });
  return { verifiedUntil: new Date(now.getTime() + RECENT_CHECK_MS).toISOString() };
}

/** The member's own password (or authKey), counted as a guess before it is checked; a pre-split member moves on when it is right. */
async function ownPassword(ctx: Member, proof: { password: string } | { authKey: string }): Promise<boolean> {
  const guess = await countPasswordGuess(ctx, ctx.user.username, "auth.recheck", ctx.user);
  const credentials = await findUserCredentials(ctx.db, ctx.user.username);
  const checked = credentials ? await checkProof(ctx, credentials, ctx.user.username, proof) : { proved: false as const };
  if (!checked.proved) return false;
  await forgiveGuess(ctx, guess);
  if (checked.upgrade) await upgradeLegacyVerifier(ctx.db, ctx.user.id, checked.upgrade);
  return true;
}

async function ownPasskeyUsed(ctx: Member, passkey: AuthenticationResponse): Promise<boolean> {
  return (await verifyPasskeyAssertion(ctx, passkey))?.id === ctx.user.id;
}

/**
 * After a correct password, for a member with two-step sign-in: no session yet, but a pending
 * sign-in that only the second step accepts, in a cookie of its own.
 */
export async function beginPendingSignIn(ctx: RequestContext, user: User): Promise<SecondStepRequired> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(ctx.now().getTime() + PENDING_SIGN_IN_MS);
  await insertPendingSignIn(ctx.db, { idHash: hashSessionToken(token), userId: user.id, expiresAt: expiresAt.toISOString() });
  ctx.pendingSignIn.set(token, expiresAt);
  return { mfaRequired: true, methods: await secondStepMethodsOf(ctx, user.id) };
}

/** The second steps a member can take: what they have set up, and recovery codes while any are left. */
async function secondStepMethodsOf(ctx: RequestContext, userId: number): Promise<SecondStepMethod[]> {
  const factors = await factorsOf(ctx.db, userId);
  const methods: SecondStepMethod[] = [];
  if (factors.totp) methods.push("totp");
  if (factors.passkeys > 0) methods.push("passkey");
  if (factors.recoveryCodes > 0) methods.push("recovery_code");
  return methods;
}

/**
 * The second step: a code from the authenticator, a recovery code or a passkey completes the
 * pending sign-in into a session. Wrong ones are counted before they are checked (as passwords are).
 */
export async function completeSignIn(ctx: RequestContext, proof: { code: string } | { passkey: AuthenticationResponse }): Promise<User> {
  const token = ctx.pendingSignIn.token;
  const found = token ? await findPendingSignIn(ctx.db, hashSessionToken(token)) : undefined;
  if (!found || ctx.now().getTime() >= Date.parse(found.pending.expiresAt)) {
    ctx.pendingSignIn.clear();
    throw new AppError("UNAUTHENTICATED", SIGN_IN_EXPIRED);
  }
  const { pending, user } = found;
  if (user.deactivatedAt !== null) throw new AppError("UNAUTHENTICATED", SIGN_IN_EXPIRED);
  const account = { rule: FAILED_SECOND_STEPS, key: String(user.id) };
  const counted = await countAttempt(ctx, [account]);
  if (!counted.admitted) {
    await recordAudit(ctx, {
      actorId: user.id,
      action: "auth.login",
      outcome: "denied",
      request: ctx.request,
      details: { reason: "throttled", step: "second" },
    });
    const minutes = Math.ceil(counted.retryAfterSeconds / 60);
    throw new AppError("RATE_LIMITED", `Too many wrong codes. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`, {
      retryAfterSeconds: counted.retryAfterSeconds,
    });
  }

  const method = "passkey" in proof ? await acceptPasskey(ctx, user.id, proof.passkey) : await acceptSecondStep(ctx, user.id, proof.code.trim());
  if (!method) {
    await recordAudit(ctx, { actorId: user.id, action: "auth.login", outcome: "failure", request: ctx.request, details: { step: "second" } });
    throw new AppError("INVALID_INPUT", "passkey" in proof ? PASSKEY_NOT_ACCEPTED : CODE_NOT_ACCEPTED);
  }
  // The owner is in: in the transaction that opens the session, their wrong codes are forgiven and
  // the pending sign-in is used up (one or the other, never a session beside a usable pending one).
  await openSignedInSession(ctx, user, { secondStep: method }, async (trx) => {
    await refundAttempt(trx, counted.attempt, [account]);
    await deletePendingSignIn(trx, pending.idHash);
  });
  ctx.pendingSignIn.clear();
  return user;
}

async function acceptPasskey(ctx: RequestContext, userId: number, passkey: AuthenticationResponse): Promise<SecondStepMethod | undefined> {
  return (await verifyPasskeyAssertion(ctx, passkey))?.id === userId ? "passkey" : undefined;
}

async function acceptSecondStep(ctx: RequestContext, userId: number, code: string): Promise<SecondStepMethod | undefined> {
  if (/^\d{6}$/.test(code)) {
    const factor = await findTotpFactor(ctx.db, userId);
    if (!factor?.confirmedAt) return undefined;
    const step = await acceptedTimeStep(openTotpSecret(ctx, userId, factor.secret), code, ctx.now(), factor.lastTimeStep);
    return step !== undefined && (await claimTotpTimeStep(ctx.db, userId, step)) ? "totp" : undefined;
  }
  // A new code's first group picks its one row, so a guess costs one slow hash; a code from before has no group and a fast hash.
  const prefix = recoveryCodePrefix(code);
  if (prefix === undefined) return undefined;
  for (const stored of await findRecoveryCodes(ctx.db, userId, prefix)) {
    if (await recoveryCodeMatches(stored.codeHash, code)) return (await useRecoveryCode(ctx.db, stored.id)) ? "recovery_code" : undefined;
  }
  return undefined;
}
