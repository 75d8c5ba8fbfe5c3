// What the page hears about this browser's messaging key: the recovery code of keys just made
// (shown once), a key opened or changed (sealed messages on screen try again), a sealed message
// that could not be opened (the chat offers to unlock), and sign-out (the key is forgotten).
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

/** Sign-out: this browser forgets the member's key. */
export function forgetMessagingKeys(): void {
  setShownCode(null);
  void import("./vault").then(({ forgetKeys }) => forgetKeys()).catch(() => undefined);
}
