import { findUserById, findUserCredentials, removeAccountNotice, updatePasswordHash, type Credentials, type User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { assertAcceptablePassword, authKeyOf, hashSecret } from "../auth/passwords";
import { kdfOf } from "../auth/verifiers";
import { PASSWORD_RULES_VERSION } from "../auth/password-rules";
import { oneTimePassword, oneTimePasswordExpiry } from "../auth/one-time-passwords";
import { endAllLoginSessionsOf } from "../auth/sessions";
import type { ClinicServices, RequestContext } from "../context";
import { AppError } from "../errors";
import { tellOfSecurityChange } from "../account/security-notices";

/** The console's reset: sets a new password and signs the user out everywhere. */
export async function resetPassword(services: ClinicServices, username: string, newPassword: string): Promise<void> {
  const found = await findUserCredentials(services.db, username);
  if (!found) throw new AppError("NOT_FOUND", `No user is called "${username}".`);
  assertAcceptablePassword(newPassword, found.user);
  await replacePassword(services, found, newPassword, { oneTimeUntil: null, actorId: null });
}

/**
 * An admin's reset from the users list: a fresh one-time password (72 hours), every session of the
 * user ended. The user signs in with it and chooses their own, as after a new account.
 */
export async function issueOneTimePassword(ctx: RequestContext & { user: User }, userId: number): Promise<{ oneTimePassword: string; expiresAt: string }> {
  const target = await findUserById(ctx.db, userId);
  const credentials = target && (await findUserCredentials(ctx.db, target.username));
  if (!target || !credentials) throw new AppError("NOT_FOUND", "No such user.");
  if (target.deactivatedAt !== null) throw new AppError("CONFLICT", "This account is deactivated: reactivate it first.");
  const password = oneTimePassword();
  const expiresAt = oneTimePasswordExpiry(ctx.now());
  await replacePassword(ctx, credentials, password, { oneTimeUntil: expiresAt, actorId: ctx.user.id, request: ctx.request });
  return { oneTimePassword: password, expiresAt };
}

/**
 * The password's verifier (derived here with the member's own salt, as their browser will derive
 * it), its audit row and the end of every session the user had, in one commit.
 */
async function replacePassword(
  services: ClinicServices,
  credentials: Credentials,
  password: string,
  by: { oneTimeUntil: string | null; actorId: number | null; request?: RequestContext["request"] },
): Promise<void> {
  const userId = credentials.user.id;
  const kdf = kdfOf(services, credentials);
  const passwordHash = await hashSecret(await authKeyOf(password, kdf));
  await endAllLoginSessionsOf(services, userId, async (trx) => {
    await updatePasswordHash(trx, userId, { hash: passwordHash, kdf, rulesVersion: PASSWORD_RULES_VERSION, oneTimeUntil: by.oneTimeUntil });
    await removeAccountNotice(trx, userId, "password_review");
    await tellOfSecurityChange(services, trx, userId, by.oneTimeUntil ? "one_time_password" : "password_changed");
    await recordAudit(
      services,
      {
        actorId: by.actorId,
        action: "auth.password_reset",
        outcome: "success",
        targetType: "user",
        targetId: userId,
        ...(by.request ? { request: by.request } : {}),
        ...(by.oneTimeUntil ? { details: { oneTime: true } } : {}),
      },
      trx,
    );
  });
}
