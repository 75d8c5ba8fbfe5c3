import {
  deleteLoginSessionsOfUser,
  findUserById,
  findUserCredentials,
  removeAccountNotice,
  saveSealedPrivateKey,
  updatePasswordHash,
  type User,
} from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import type { ChangePasswordInput } from "./auth.schema";
import { isOneTimePasswordExpired, ONE_TIME_PASSWORD_EXPIRED } from "./one-time-passwords";
import { countPasswordGuess, forgiveGuess } from "./password-guesses";
import { assertAcceptablePassword, authKeyOf, hashSecret, verifySecret } from "./passwords";
import { PASSWORD_RULES_VERSION } from "./password-rules";
import { announceAllSessionsEnded, beginSession } from "./sessions";
import { checkProof, kdfOf } from "./verifiers";
import { tellOfSecurityChange } from "../account/security-notices";

/**
 * Replaces the caller's password (also how a one-time password is retired): the password itself
 * (the server derives its sign-in secret and judges it by the rules), or the new sign-in secret
 * the browser derived with the member's own salt and parameters (the browser judged the password),
 * with the private key sealed under the new seal secret so it is never left sealed under one
 * nobody knows. The current password counts as a guess, in the sign-in throttle. Every other
 * session of the user ends; the caller continues on a fresh one.
 */
export async function changePassword(ctx: RequestContext & { user: User }, input: ChangePasswordInput): Promise<User> {
  // An expired one-time password opens nothing, not even its own replacement.
  if (isOneTimePasswordExpired(ctx.user, ctx.now())) throw new AppError("FORBIDDEN", ONE_TIME_PASSWORD_EXPIRED);
  const credentials = await findUserCredentials(ctx.db, ctx.user.username);
  if (!credentials) throw new Error("the signed-in user has no credentials");
  if (input.current === undefined) {
    // Only a session on a one-time password may skip it: issuing one ends every session, and until
    // it is replaced nothing else signs in, so such a session was opened with it moments ago.
    if (!ctx.user.mustChangePassword) throw new AppError("INVALID_INPUT", "Enter your current password.");
  } else {
    const guess = await countPasswordGuess(ctx, ctx.user.username, "auth.password_change", ctx.user);
    if (!(await checkProof(ctx, credentials, ctx.user.username, input.current)).proved) {
      await recordAudit(ctx, { actorId: ctx.user.id, action: "auth.password_change", outcome: "failure", request: ctx.request });
      throw new AppError("INVALID_INPUT", "Your current password is not right.");
    }
    await forgiveGuess(ctx, guess);
  }
  const kdf = kdfOf(ctx, credentials);
  const newAuthKey = "password" in input.next ? await authKeyOf(input.next.password, kdf) : input.next.authKey;
  if (input.current === undefined && (await verifySecret(credentials.passwordHash, newAuthKey))) {
    throw new AppError("INVALID_INPUT", "Choose a password different from the one-time password.");
  }
  if ("password" in input.next) assertAcceptablePassword(input.next.password, ctx.user);
  const passwordHash = await hashSecret(newAuthKey);
  const sealedPrivateKey = input.sealedPrivateKey;
  // The new verifier (and the key sealed for it), the end of every session (this one too) and the
  // audit row commit together with the caller's fresh session; the other sockets hear of it once
  // that has committed.
  await beginSession({ ...ctx, sessionToken: null }, ctx.user.id, async (trx) => {
    await updatePasswordHash(trx, ctx.user.id, { hash: passwordHash, kdf, rulesVersion: PASSWORD_RULES_VERSION });
    if (sealedPrivateKey !== undefined && !(await saveSealedPrivateKey(trx, ctx.user.id, sealedPrivateKey))) {
      throw new AppError("NOT_FOUND", "You have no messaging keys to reseal yet: leave sealedPrivateKey out.");
    }
    await removeAccountNotice(trx, ctx.user.id, "password_review");
    await deleteLoginSessionsOfUser(trx, ctx.user.id);
    // A one-time password's replacement is the member's first own password: the reset was told of already.
    if (input.current !== undefined) await tellOfSecurityChange(ctx, trx, ctx.user.id, "password_changed");
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "auth.password_change",
        outcome: "success",
        targetType: "user",
        targetId: ctx.user.id,
        request: ctx.request,
        ...(sealedPrivateKey !== undefined ? { details: { keyResealed: true } } : {}),
      },
      trx,
    );
  });
  announceAllSessionsEnded(ctx, ctx.user.id);
  const user = await findUserById(ctx.db, ctx.user.id);
  if (!user) throw new Error("the user vanished while changing their password");
  return user;
}
