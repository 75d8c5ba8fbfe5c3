import { deleteLoginSessionsOfUser, findUserById, findUserCredentials, removeAccountNotice, updatePasswordHash, type User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import type { ChangePasswordInput } from "./auth.schema";
import { isOneTimePasswordExpired, ONE_TIME_PASSWORD_EXPIRED } from "./one-time-passwords";
import { assertAcceptablePassword, hashPassword, verifyPassword } from "./passwords";
import { PASSWORD_RULES_VERSION } from "./password-rules";
import { announceAllSessionsEnded, beginSession } from "./sessions";

/**
 * Replaces the caller's password (also how a one-time password is retired). Every other session
 * of the user ends; the caller continues on a fresh one.
 */
export async function changePassword(ctx: RequestContext & { user: User }, input: ChangePasswordInput): Promise<User> {
  // An expired one-time password opens nothing, not even its own replacement.
  if (isOneTimePasswordExpired(ctx.user, ctx.now())) throw new AppError("FORBIDDEN", ONE_TIME_PASSWORD_EXPIRED);
  const credentials = await findUserCredentials(ctx.db, ctx.user.username);
  if (!credentials) throw new Error("the signed-in user has no credentials");
  if (input.currentPassword === undefined) {
    // Only a session on a one-time password may skip it: issuing one ends every session, and until
    // it is replaced nothing else signs in, so such a session was opened with it moments ago.
    if (!ctx.user.mustChangePassword) throw new AppError("INVALID_INPUT", "Enter your current password.");
    if (await verifyPassword(credentials.passwordHash, input.newPassword)) {
      throw new AppError("INVALID_INPUT", "Choose a password different from the one-time password.");
    }
  } else if (!(await verifyPassword(credentials.passwordHash, input.currentPassword))) {
    await recordAudit(ctx, { actorId: ctx.user.id, action: "auth.password_change", outcome: "failure", request: ctx.request });
    throw new AppError("INVALID_INPUT", "Your current password is not right.");
  }
  assertAcceptablePassword(input.newPassword, ctx.user);
  const passwordHash = await hashPassword(input.newPassword);
  // The new password, the end of every session (this one too) and the audit row commit together
  // with the caller's fresh session; the other sockets hear of it once that has committed.
  await beginSession({ ...ctx, sessionToken: null }, ctx.user.id, async (trx) => {
    await updatePasswordHash(trx, ctx.user.id, { hash: passwordHash, rulesVersion: PASSWORD_RULES_VERSION });
    await removeAccountNotice(trx, ctx.user.id, "password_review");
    await deleteLoginSessionsOfUser(trx, ctx.user.id);
    await recordAudit(
      ctx,
      { actorId: ctx.user.id, action: "auth.password_change", outcome: "success", targetType: "user", targetId: ctx.user.id, request: ctx.request },
      trx,
    );
  });
  announceAllSessionsEnded(ctx, ctx.user.id);
  const user = await findUserById(ctx.db, ctx.user.id);
  if (!user) throw new Error("the user vanished while changing their password");
  return user;
}
