// What the sign-in screens call once the member is in, with what the password they typed gives
// (its seal key, and the password itself only for a key still sealed the old way) or a passkey's
// PRF result: the messaging key is opened (or made) in the background, with its code loaded only
// then. New keys come with a recovery code to show once (see RecoveryCodeNotice).
import type { PublicUser } from "@halcyon/domain/schemas";

import { keyChanged, showRecoveryCode } from "./key-events";
import type { PasswordUnlock } from "./unlock";

type Member = Pick<PublicUser, "id" | "role" | "mustChangePassword" | "twoStepSetupRequired">;

/** Whether the key may be opened now: patients and doctors (admins have none), past any step the server requires first. */
const mayOpenKeys = (user: Member) => !(user.role === "admin" || user.mustChangePassword || user.twoStepSetupRequired);

/**
 * Opens or makes the member's messaging key with the password they just typed. Not with a
 * one-time password: the key waits for their own. Nor while the clinic requires two-step sign-in
 * they have not set up: the server refuses everything else until then, and Messages asks for the
 * password when they first open it.
 */
export function unlockMessagingAfterSignIn(user: Member, unlock: PasswordUnlock): void {
  if (!mayOpenKeys(user)) return;
  void import("./unlock")
    .then(({ unlockMessaging }) => unlockMessaging(user.id, unlock))
    .then((result) => {
      if (result.status === "created") showRecoveryCode(result.recoveryCode);
      keyChanged();
    })
    .catch((error: unknown) => console.warn("Messaging keys: could not open them", error));
}

/** After a passkey sign-in or re-check that gave a PRF result: the key opens with that passkey's seal, when it has one. */
export function unlockMessagingWithPasskey(user: Member, passkey: { credentialId: string; prfOutput: Uint8Array | null }): void {
  const { prfOutput } = passkey;
  if (!prfOutput || !mayOpenKeys(user)) return;
  void import("./unlock")
    .then(({ unlockWithPasskey }) => unlockWithPasskey(user.id, passkey.credentialId, prfOutput))
    .then((opened) => opened && keyChanged())
    .catch((error: unknown) => console.warn("Messaging keys: the passkey did not open them", error));
}

/** What the password gave, between the two steps of a two-step sign-in, in memory only, until the second step. */
let pending: PasswordUnlock | null = null;
export function holdUnlockForSecondStep(unlock: PasswordUnlock | null): void {
  pending = unlock;
}
export function takeHeldUnlock(): PasswordUnlock | null {
  const unlock = pending;
  pending = null;
  return unlock;
}
