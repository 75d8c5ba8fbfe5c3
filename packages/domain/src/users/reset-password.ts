import { findUserById, findUserCredentials, updatePasswordHash, type User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { assertAcceptablePassword, hashPassword } from "../auth/passwords";
import { oneTimePassword, oneTimePasswordExpiry } from "../auth/one-time-passwords";
import { endAllLoginSessionsOf } from "../auth/sessions";
import type { ClinicServices, RequestContext } from "../context";
import { AppError } from "../errors";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../auth/auth.schema";

/** The console's reset: sets a new password and signs the user out everywhere. */
export async function resetPassword(services: ClinicServices, username: string, newPassword: string): Promise<void> {
  const found = await findUserCredentials(services.db, username);
  if (!found) throw new AppError("NOT_FOUND", `No user is called "${username}".`);
  if (newPassword.length < PASSWORD_MIN_LENGTH || newPassword.length > PASSWORD_MAX_LENGTH) {
    throw new AppError("INVALID_INPUT", `Passwords need ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`);
  }
  assertAcceptablePassword(newPassword, found.user.username);
  await replacePassword(services, found.user.id, newPassword, { oneTimeUntil: null, actorId: null });
}

/**
 * An admin's reset from the users list: a fresh one-time password (72 hours), every session of the
 * user ended. The user signs in with it and chooses their own, as after a new account.
 */
export async function issueOneTimePassword(ctx: RequestContext & { user: User }, userId: number): Promise<{ oneTimePassword: string; expiresAt: string }> {
  const target = await findUserById(ctx.db, userId);
  if (!target) throw new AppError("NOT_FOUND", "No such user.");
  if (target.deactivatedAt !== null) throw new AppError("CONFLICT", "This account is deactivated: reactivate it first.");
  const password = oneTimePassword();
  const expiresAt = oneTimePasswordExpiry(ctx.now());
  await replacePassword(ctx, target.id, password, { oneTimeUntil: expiresAt, actorId: ctx.user.id, request: ctx.request });
  return { oneTimePassword: password, expiresAt };
}

/** The password, its audit row and the end of every session the user had, in one commit. */
async function replacePassword(
  services: ClinicServices,
  userId: number,
  password: string,
  by: { oneTimeUntil: string | null; actorId: number | null; request?: RequestContext["request"] },
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await endAllLoginSessionsOf(services, userId, async (trx) => {
    await updatePasswordHash(trx, userId, passwordHash, by.oneTimeUntil);
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
