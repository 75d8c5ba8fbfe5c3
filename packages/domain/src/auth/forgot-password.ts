// "Forgot password?" (issue 34): a member names their account (username or email) and, if it has
// a verified address, a link goes there: signed, single-use, 30 minutes, bound to the password it
// replaces (its claims carry a tag of the stored verifier), so it dies as soon as the password
// changes by any way. The answer is the same, after the same work, whether or not the account
// exists. The new password is chosen in the browser, which sends only its authKey derived with the
// member's own salt, as at a change; every session ends, and the messaging key, still sealed under
// the old password's seal key, opens with the recovery code, as after an admin's reset.
import { createHash } from "node:crypto";
import {
  findUserById,
  findUserCredentials,
  findActiveUserIdsByVerifiedEmail,
  readMemberContact,
  removeAccountNotice,
  updatePasswordHash,
  usernameKey,
  type Credentials,
} from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { typedTextForLog } from "../audit/typed-text";
import { tellOfSecurityChange } from "../account/security-notices";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { PASSWORD_RESET_LINK_MS } from "../notices/kinds/account-notices";
import { enqueueNotices } from "../notices/outbox";
import { LINK_NOT_VALID, readLink, spendLink, type LinkClaims } from "../notices/signed-links";
import type { SignInParams } from "./auth.schema";
import { assertAcceptablePassword, authKeyOf, hashSecret } from "./passwords";
import { PASSWORD_RULES_VERSION } from "./password-rules";
import { endAllLoginSessionsOf } from "./sessions";
import { countAttempt, type ThrottleRule } from "./throttle";
import { kdfOf } from "./verifiers";

const HOUR = 60 * 60_000;
/** Links asked for one account (or one name or address nobody has): a few tries at a slow inbox. */
export const PASSWORD_RESETS_PER_ACCOUNT: ThrottleRule = { scope: "password_reset_account", limit: 3, windowMs: HOUR };
/** Links asked for from one network address. */
export const PASSWORD_RESETS_PER_ADDRESS: ThrottleRule = { scope: "password_reset_address", limit: 10, windowMs: HOUR };

export const RESET_LINK_DEAD = "This link no longer works: the password has changed since it was sent. Ask for a new link on the sign-in page.";

/** A short tag of the stored verifier: what a reset link is bound to, so a changed password kills it. */
export function passwordTag(passwordHash: string): string {
  return createHash("sha256").update(`reset-link:${passwordHash}`).digest("base64url").slice(0, 16);
}

/** The accounts `login` names: by username, or every active one whose verified address it is. */
async function accountsNamed(ctx: RequestContext, login: string): Promise<number[]> {
  if (login.includes("@")) return findActiveUserIdsByVerifiedEmail(ctx.db, login);
  const credentials = await findUserCredentials(ctx.db, login);
  return credentials && credentials.user.deactivatedAt === null ? [credentials.user.id] : [];
}

/**
 * Sends a reset link to the verified address of the account `login` names. Answers nothing either
 * way; throttled per account (or per name typed, when it names none) and per network address.
 */
export async function requestPasswordReset(ctx: RequestContext, login: string): Promise<void> {
  const typed = usernameKey(login);
  const ids = await accountsNamed(ctx, login);
  const accountKeys = ids.length > 0 ? ids.map((id) => `user:${id}`) : [`login:${typed}`];
  const counted = await countAttempt(ctx, [
    ...accountKeys.map((key) => ({ rule: PASSWORD_RESETS_PER_ACCOUNT, key })),
    { rule: PASSWORD_RESETS_PER_ADDRESS, key: ctx.request.ip ?? "unknown" },
  ]);
  if (!counted.admitted) {
    await recordAudit(ctx, {
      actorId: null,
      action: "auth.password_reset_request",
      outcome: "denied",
      request: ctx.request,
      details: { reason: "throttled", username: typedTextForLog(typed) },
    });
    const minutes = Math.ceil(counted.retryAfterSeconds / 60);
    throw new AppError("RATE_LIMITED", `Too many requests for a new password. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`, {
      retryAfterSeconds: counted.retryAfterSeconds,
    });
  }
  const expiresAt = new Date(ctx.now().getTime() + PASSWORD_RESET_LINK_MS).toISOString();
  // The same work whichever way: one transaction, its audit row, the outbox's reads.
  await ctx.db.transaction().execute(async (trx) => {
    const requests = [];
    for (const id of ids) {
      const contact = await readMemberContact(trx, id);
      const user = await findUserById(trx, id);
      if (!contact || !user) continue;
      requests.push({
        kind: "password_reset" as const,
        userId: id,
        params: { username: user.username, passwordTag: passwordTag(contact.passwordHash), expiresAt },
      });
    }
    await enqueueNotices(ctx, trx, requests);
    await recordAudit(
      ctx,
      {
        actorId: null,
        action: "auth.password_reset_request",
        outcome: ids.length > 0 ? "success" : "failure",
        request: ctx.request,
        ...(ids.length === 1 ? { targetType: "user", targetId: ids[0] } : {}),
        details: { username: typedTextForLog(typed), accounts: ids.length },
      },
      trx,
    );
  });
}

/** The claims of a reset link and the account it still works for (active, its password unchanged since), or a 400 saying why not. */
async function liveResetLink(ctx: RequestContext, token: string): Promise<{ claims: LinkClaims; credentials: Credentials }> {
  const claims = readLink(ctx.secrets, token, "reset_password", ctx.now());
  const user = await findUserById(ctx.db, claims.userId);
  const credentials = user && user.deactivatedAt === null ? await findUserCredentials(ctx.db, user.username) : undefined;
  if (!credentials) throw new AppError("INVALID_INPUT", LINK_NOT_VALID);
  if (passwordTag(credentials.passwordHash) !== claims.subject) throw new AppError("INVALID_INPUT", RESET_LINK_DEAD);
  return { claims, credentials };
}

/** What the reset page needs to derive the new password's secrets in the browser: whose account, and its salt and parameters. */
export async function resetLinkAccount(
  ctx: RequestContext,
  token: string,
): Promise<{ username: string; firstName: string; lastName: string; kdf: SignInParams["kdf"] }> {
  const { credentials } = await liveResetLink(ctx, token);
  const { salt, memoryKiB, iterations, parallelism } = kdfOf(ctx, credentials);
  const { username, firstName, lastName } = credentials.user;
  return { username, firstName, lastName, kdf: { algorithm: "argon2id", salt, memoryKiB, iterations, parallelism } };
}

/**
 * Sets the new password from a reset link: the link is spent, the verifier replaced (derived with
 * the member's own salt and parameters), every session and pending sign-in ends, audited, and the
 * member is told. Nobody is signed in: the member signs in with the new password (and their
 * second step, if they have one).
 */
export async function resetPasswordWithLink(ctx: RequestContext, token: string, next: { password: string } | { authKey: string }): Promise<void> {
  const { claims, credentials } = await liveResetLink(ctx, token);
  const userId = credentials.user.id;
  const kdf = kdfOf(ctx, credentials);
  if ("password" in next) assertAcceptablePassword(next.password, credentials.user);
  const passwordHash = await hashSecret("password" in next ? await authKeyOf(next.password, kdf) : next.authKey);
  await endAllLoginSessionsOf(ctx, userId, async (trx, ended) => {
    await spendLink(trx, claims, ctx.now());
    // Checked again where it counts: a password changed since the check above kills the link too.
    const stored = await readMemberContact(trx, userId);
    if (!stored || passwordTag(stored.passwordHash) !== claims.subject) throw new AppError("INVALID_INPUT", RESET_LINK_DEAD);
    await updatePasswordHash(trx, userId, { hash: passwordHash, kdf, rulesVersion: PASSWORD_RULES_VERSION });
    await removeAccountNotice(trx, userId, "password_review");
    await tellOfSecurityChange(ctx, trx, userId, "password_reset");
    await recordAudit(
      ctx,
      {
        actorId: userId,
        action: "auth.password_reset_link",
        outcome: "success",
        targetType: "user",
        targetId: userId,
        request: ctx.request,
        details: { sessionsEnded: ended },
      },
      trx,
    );
  });
}
