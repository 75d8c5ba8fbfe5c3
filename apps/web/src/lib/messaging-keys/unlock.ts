// A member's messaging keys at sign-in, in their browser (loaded only then: it carries `jose`).
// The first time, a key pair is made and sealed with the password as typed and with a recovery
// code shown once; afterwards the sealed key comes back from the server and the password opens
// it. Either way the opened key is kept unextractable in this browser until sign-out.
import { newKeyPair, newRecoveryCode, normalizeRecoveryCode, openPrivateKey, sealPrivateKey, unextractableKey } from "@halcyon/sealed";

import { isNotFoundError } from "../api-errors";
import { trpcClient } from "../trpc";
import { forgetKeys, keepKey } from "./vault";

export type Unlocked =
  /** New keys: the recovery code to show, once. */
  | { status: "created"; recoveryCode: string }
  | { status: "unlocked" }
  /** The password no longer opens the key (an admin reset it): the recovery code will. */
  | { status: "needs-recovery" };

async function createKeys(userId: number, password: string): Promise<Unlocked> {
  const pair = await newKeyPair();
  const recoveryCode = newRecoveryCode();
  const [sealedPrivateKey, sealedRecoveryKey] = await Promise.all([
    sealPrivateKey(pair.privateKey, password),
    sealPrivateKey(pair.privateKey, normalizeRecoveryCode(recoveryCode)),
  ]);
  await trpcClient.keys.saveMine.mutate({ publicKey: pair.publicKey, sealedPrivateKey, sealedRecoveryKey });
  await keepKey({ userId, kid: pair.kid, privateKey: await unextractableKey(pair.privateKey) });
  return { status: "created", recoveryCode };
}

/** Opens (or the first time, makes) the member's messaging key with the password they just typed. */
export async function unlockMessaging(userId: number, password: string): Promise<Unlocked> {
  let mine;
  try {
    mine = await trpcClient.keys.mine.query();
  } catch (error) {
    if (isNotFoundError(error)) return createKeys(userId, password);
    throw error;
  }
  try {
    const privateKey = await openPrivateKey(mine.sealedPrivateKey, password);
    await keepKey({ userId, kid: mine.kid, privateKey: await unextractableKey(privateKey) });
    return { status: "unlocked" };
  } catch {
    return { status: "needs-recovery" };
  }
}

/**
 * On a device that holds no key (a passkey sign-in, a new browser): the password, checked by the
 * server first, so that a wrong one is told apart from a reset one (which no longer opens the key).
 */
export async function unlockOnThisDevice(userId: number, password: string): Promise<Unlocked> {
  await trpcClient.account.recheck.mutate({ password });
  return unlockMessaging(userId, password);
}

/**
 * After a password reset: the recovery code opens the key; it is kept here, and sealed again with
 * the member's password (after re-checking it, as any change of keys asks).
 */
export async function restoreWithRecoveryCode(userId: number, recoveryCode: string, password: string): Promise<void> {
  const mine = await trpcClient.keys.mine.query();
  const privateKey = await openPrivateKey(mine.sealedRecoveryKey, normalizeRecoveryCode(recoveryCode));
  await trpcClient.account.recheck.mutate({ password });
  await trpcClient.keys.saveMine.mutate({
    publicKey: mine.publicKey,
    sealedPrivateKey: await sealPrivateKey(privateKey, password),
    sealedRecoveryKey: mine.sealedRecoveryKey,
  });
  await keepKey({ userId, kid: mine.kid, privateKey: await unextractableKey(privateKey) });
}

/**
 * Without the recovery code: a new key pair (and a new recovery code), after re-checking the
 * password. Messages sealed to the old key stay sealed to it.
 */
export async function startAfresh(userId: number, password: string): Promise<Unlocked> {
  await trpcClient.account.recheck.mutate({ password });
  return createKeys(userId, password);
}

/** After a password change: the same key, sealed with the new password instead of the old. */
export async function resealMessagingKey(oldPassword: string, newPassword: string): Promise<void> {
  let mine;
  try {
    mine = await trpcClient.keys.mine.query();
  } catch (error) {
    if (isNotFoundError(error)) return;
    throw error;
  }
  const privateKey = await openPrivateKey(mine.sealedPrivateKey, oldPassword);
  await trpcClient.keys.saveMine.mutate({
    publicKey: mine.publicKey,
    sealedPrivateKey: await sealPrivateKey(privateKey, newPassword),
    sealedRecoveryKey: mine.sealedRecoveryKey,
  });
}

export { forgetKeys };
