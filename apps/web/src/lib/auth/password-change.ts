// A password change as the web app sends it: the new password judged here by the clinic's rules
// and sent only as its authKey (derived with the member's own salt and parameters, which stay);
// the current one, when asked for, only as its authKey too. The member's messaging key, opened
// with the current password's seal key, goes along sealed with the new one, in the same call.
import type { PublicUser } from "@halcyon/domain/schemas";

import { errorCodeOf } from "../api-errors";
import { trpcClient } from "../trpc";
import { requireAcceptablePassword, secretsOf } from "./password-secrets";

export type PasswordChangeInput = { currentAuthKey?: string; newAuthKey: string; sealedPrivateKey?: string };

/** The change's input, and the new password's seal key (for opening the key afterwards). */
export async function passwordChange(
  user: Pick<PublicUser, "username" | "firstName" | "lastName">,
  { currentPassword, newPassword }: { currentPassword?: string; newPassword: string },
): Promise<{ input: PasswordChangeInput; sealKey: Uint8Array }> {
  await requireAcceptablePassword(newPassword, user);
  const [next, current] = await Promise.all([secretsOf(user.username, newPassword), currentPassword ? secretsOf(user.username, currentPassword) : undefined]);
  // A one-time password is replaced without it: the key it would open is sealed under the member's
  // old password (the recovery code opens it), so there is nothing to seal anew.
  if (!current || currentPassword === undefined) return { input: { newAuthKey: next.authKey }, sealKey: next.sealKey };
  // Reading the sealed key needs a recent check: the current password is that check.
  try {
    await trpcClient.account.recheck.mutate({ authKey: current.authKey });
  } catch (error) {
    throw errorCodeOf(error) === "BAD_REQUEST" ? new Error("Your current password is not right.") : error;
  }
  const { resealForNewPassword } = await import("../messaging-keys/unlock");
  const sealedPrivateKey = await resealForNewPassword({ sealKey: current.sealKey, password: currentPassword }, next.sealKey);
  return { input: { currentAuthKey: current.authKey, newAuthKey: next.authKey, ...(sealedPrivateKey ? { sealedPrivateKey } : {}) }, sealKey: next.sealKey };
}
