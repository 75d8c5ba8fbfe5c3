// What the sign-in screens call once the member is in, with the password they typed: the
// messaging key is opened (or made) in the background, with its code loaded only then. New keys
// come with a recovery code to show once (see RecoveryCodeNotice).
import type { PublicUser } from "@halcyon/domain/schemas";
import { useSyncExternalStore } from "react";

let shownCode: string | null = null;
/** Counts the times this browser's kept key changed: what was sealed may open now. */
let keyEpoch = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

function setShownCode(code: string | null): void {
  shownCode = code;
  notify();
}

/** A sealed message on screen could not be opened: this browser holds no key (a passkey sign-in, a new device). */
let lockedSeen = false;

export function sawLockedMessage(): void {
  if (lockedSeen) return;
  lockedSeen = true;
  notify();
}

export function useLockedMessagesSeen(): boolean {
  return useSyncExternalStore(subscribe, () => lockedSeen);
}

/** The kept key changed (opened, made, restored): sealed messages on screen try again. */
export function keyChanged(): void {
  keyEpoch += 1;
  lockedSeen = false;
  notify();
}

export function useKeyEpoch(): number {
  return useSyncExternalStore(subscribe, () => keyEpoch);
}

/** Shows the recovery code of keys just made. */
export function showRecoveryCode(code: string): void {
  setShownCode(code);
}

/** The recovery code of keys just made, until the member says they have saved it. */
export function useNewRecoveryCode(): [string | null, () => void] {
  const code = useSyncExternalStore(subscribe, () => shownCode);
  return [code, () => setShownCode(null)];
}

/**
 * Opens or makes the member's messaging key with the password they just typed (patients and
 * doctors; admins have none). Not with a one-time password: the key waits for their own.
 */
export function unlockMessagingAfterSignIn(user: Pick<PublicUser, "id" | "role" | "mustChangePassword">, password: string): void {
  if (user.role === "admin" || user.mustChangePassword) return;
  void import("./unlock")
    .then(({ unlockMessaging }) => unlockMessaging(user.id, password))
    .then((result) => {
      if (result.status === "created") setShownCode(result.recoveryCode);
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

/** Sign-out: this browser forgets the member's key. */
export function forgetMessagingKeys(): void {
  setShownCode(null);
  void import("./vault").then(({ forgetKeys }) => forgetKeys()).catch(() => undefined);
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
