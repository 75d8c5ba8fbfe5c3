// What the sign-in screens call once the member is in, with the password they typed: the
// messaging key is opened (or made) in the background, with its code loaded only then. New keys
// come with a recovery code to show once (see RecoveryCodeNotice).
import type { PublicUser } from "@halcyon/domain/schemas";

import { keyChanged, showRecoveryCode } from "./key-events";

/**
 * Opens or makes the member's messaging key with the password they just typed (patients and
 * doctors; admins have none). Not with a one-time password: the key waits for their own. Nor
 * while the clinic requires two-step sign-in they have not set up: the server refuses everything
 * else until then, and Messages asks for the password when they first open it.
 */
export function unlockMessagingAfterSignIn(user: Pick<PublicUser, "id" | "role" | "mustChangePassword" | "twoStepSetupRequired">, password: string): void {
  if (user.role === "admin" || user.mustChangePassword || user.twoStepSetupRequired) return;
  void import("./unlock")
    .then(({ unlockMessaging }) => unlockMessaging(user.id, password))
    .then((result) => {
      if (result.status === "created") showRecoveryCode(result.recoveryCode);
      keyChanged();
    })
    .catch((error: unknown) => console.warn("Messaging keys: could not open them", error));
}

/** After a password change: the key sealed anew with the new password (it opens with nothing else but the recovery code). */
export function resealMessagingKeyAfterChange(oldPassword: string, newPassword: string): void {
  void import("./unlock")
    .then(({ resealMessagingKey }) => resealMessagingKey(oldPassword, newPassword))
    .catch((error: unknown) => console.warn("Messaging keys: could not seal the key with the new password", error));
}

/** The password between the two steps of a two-step sign-in, in memory only, until the second step. */
let pendingPassword: string | null = null;
export function holdPasswordForSecondStep(password: string | null): void {
  pendingPassword = password;
}
export function takeHeldPassword(): string | null {
  const password = pendingPassword;
  pendingPassword = null;
  return password;
}
