// A member's messaging keys in their browser (loaded only when needed: it carries `jose`). The
// first time, a key pair is made and sealed with the seal key (derived from the password in this
// browser, never sent) and with a recovery code shown once; afterwards the sealed key comes back
// from the server (only just after a sign-in or re-check) and the seal key, or a passkey's PRF,
// opens it. A key still sealed the old way (with the password as typed) is opened with the
// password once and sealed anew with the seal key. The opened key is kept unextractable in this
// browser until sign-out.
import {
  isSealedWithSecret,
  keyIdOf,
  newKeyPair,
  newRecoveryCode,
  normalizeRecoveryCode,
  openPrivateKey,
  openWithKey,
  passkeySealKey,
  sealPrivateKey,
  sealWithKey,
  unextractableKey,
  type JWK,
} from "@halcyon/sealed";

import { isNotFoundError } from "../api-errors";
import { secretsOf } from "../auth/password-secrets";
import type { PasskeyAnswer } from "../passkeys/ceremonies";
import { trpcClient } from "../trpc";
import { forgetKeys, keepKey } from "./vault";

export type Unlocked =
  /** New keys: the recovery code to show, once. */
  | { status: "created"; recoveryCode: string }
  | { status: "unlocked" }
  /** The password no longer opens the key (an admin reset it): the recovery code will. */
  | { status: "needs-recovery" };

/** What opens the key after a password: the seal key; the password only for a key still sealed the old way. */
export interface PasswordUnlock {
  sealKey: Uint8Array;
  password: string;
}

type MyKeys = Awaited<ReturnType<typeof trpcClient.keys.mine.query>>;

async function createKeys(userId: number, sealKey: Uint8Array): Promise<Unlocked> {
  const pair = await newKeyPair();
  const recoveryCode = newRecoveryCode();
  const [sealedPrivateKey, sealedRecoveryKey] = await Promise.all([
    sealWithKey(pair.privateKey, sealKey),
    sealPrivateKey(pair.privateKey, normalizeRecoveryCode(recoveryCode)),
  ]);
  await trpcClient.keys.saveMine.mutate({ publicKey: pair.publicKey, sealedPrivateKey, sealedRecoveryKey });
  await keepKey({ userId, kid: pair.kid, privateKey: await unextractableKey(pair.privateKey) });
  return { status: "created", recoveryCode };
}

/** The member's sealed keys, or null when they have none yet (reading them needs a recent sign-in or re-check). */
async function myKeys(): Promise<MyKeys | null> {
  try {
    return await trpcClient.keys.mine.query();
  } catch (error) {
    if (isNotFoundError(error)) return null;
    throw error;
  }
}

/** The private key, opened with what the password gives; throws when it does not open it. */
async function openWithPassword(sealed: string, unlock: PasswordUnlock): Promise<JWK> {
  return isSealedWithSecret(sealed) ? openPrivateKey(sealed, unlock.password) : openWithKey(sealed, unlock.sealKey);
}

/** Keeps the opened key in this browser, named by its own thumbprint, not by the server's word (issue 33). */
async function keep(userId: number, privateKey: JWK): Promise<void> {
  await keepKey({ userId, kid: await keyIdOf(privateKey), privateKey: await unextractableKey(privateKey) });
}

/** Opens (or the first time, makes) the member's messaging key with what the password they just typed gives. */
export async function unlockMessaging(userId: number, unlock: PasswordUnlock): Promise<Unlocked> {
  const mine = await myKeys();
  if (!mine) return createKeys(userId, unlock.sealKey);
  let privateKey: JWK;
  try {
    privateKey = await openWithPassword(mine.sealedPrivateKey, unlock);
  } catch {
    return { status: "needs-recovery" };
  }
  // An existing member's key, sealed with their password before the seal key existed: sealed anew, once.
  if (isSealedWithSecret(mine.sealedPrivateKey)) {
    await trpcClient.keys.saveMine.mutate({
      publicKey: mine.publicKey,
      sealedPrivateKey: await sealWithKey(privateKey, unlock.sealKey),
      sealedRecoveryKey: mine.sealedRecoveryKey,
    });
  }
  await keep(userId, privateKey);
  return { status: "unlocked" };
}

/**
 * After a sign-in or re-check with a passkey that gave a PRF result: the key opens with the
 * passkey's own seal, when the member turned that on. Answers whether it opened.
 */
export async function unlockWithPasskey(userId: number, credentialId: string, prfOutput: Uint8Array): Promise<boolean> {
  const mine = await myKeys();
  const seal = mine?.passkeySeals.find((candidate) => candidate.credentialId === credentialId);
  if (!mine || !seal) return false;
  try {
    await keep(userId, await openWithKey(seal.sealedPrivateKey, await passkeySealKey(prfOutput)));
    return true;
  } catch {
    return false;
  }
}

/**
 * The one re-check before the sealed key is read on a signed-in session (the server hands it only
 * to a session that has just proven itself): a password's sign-in secret or a passkey's assertion,
 * through the same call, so both paths are counted, throttled and audited alike.
 */
async function recheck(proof: { authKey: string } | { passkey: PasskeyAnswer["response"] }): Promise<void> {
  await trpcClient.account.recheck.mutate(proof);
}

/** A password checked by the server (a re-check) and what it gives to open the key. */
async function recheckPassword(username: string, password: string): Promise<PasswordUnlock> {
  const { authKey, sealKey } = await secretsOf(username, password);
  await recheck({ authKey });
  return { sealKey, password };
}

/**
 * On a device that holds no key, with a passkey the member let open their messages: re-checked by
 * the server first, as the password is, then its PRF opens the key. Answers whether it opened.
 */
export async function unlockOnThisDeviceWithPasskey(userId: number, passkey: PasskeyAnswer): Promise<boolean> {
  await recheck({ passkey: passkey.response });
  return passkey.prfOutput !== null && unlockWithPasskey(userId, passkey.response.id, passkey.prfOutput);
}

/**
 * On a device that holds no key (a passkey sign-in, a new browser): the password, checked by the
 * server first, so that a wrong one is told apart from a reset one (which no longer opens the key).
 */
export async function unlockOnThisDevice(user: { id: number; username: string }, password: string): Promise<Unlocked> {
  return unlockMessaging(user.id, await recheckPassword(user.username, password));
}

/**
 * After a password reset: the recovery code opens the key; it is kept here, and sealed again with
 * the seal key of the member's password (after re-checking it, as any change of keys asks).
 */
export async function restoreWithRecoveryCode(user: { id: number; username: string }, recoveryCode: string, password: string): Promise<void> {
  const { sealKey } = await recheckPassword(user.username, password);
  const mine = await trpcClient.keys.mine.query();
  const privateKey = await openPrivateKey(mine.sealedRecoveryKey, normalizeRecoveryCode(recoveryCode));
  await trpcClient.keys.saveMine.mutate({
    publicKey: mine.publicKey,
    sealedPrivateKey: await sealWithKey(privateKey, sealKey),
    sealedRecoveryKey: mine.sealedRecoveryKey,
  });
  await keep(user.id, privateKey);
}

/**
 * Without the recovery code: a new key pair (and a new recovery code), after re-checking the
 * password. Messages sealed to the old key stay sealed to it.
 */
export async function startAfresh(user: { id: number; username: string }, password: string): Promise<Unlocked> {
  const { sealKey } = await recheckPassword(user.username, password);
  return createKeys(user.id, sealKey);
}

/**
 * Before a password change: the member's key sealed with the new password's seal key, sent in the
 * same call so the key is never left sealed under a secret nobody knows. Needs a recent check
 * (the caller re-checks the current password first). Undefined when there is no key yet, or when
 * the current password no longer opens it (after a reset: the recovery code still does).
 */
export async function resealForNewPassword(current: PasswordUnlock, nextSealKey: Uint8Array): Promise<string | undefined> {
  const mine = await myKeys();
  if (!mine) return undefined;
  try {
    return await sealWithKey(await openWithPassword(mine.sealedPrivateKey, current), nextSealKey);
  } catch {
    return undefined;
  }
}

/**
 * Turns on "unlock messages with this passkey": the key, opened with the seal key of a password
 * just re-checked, sealed again under the key the passkey's PRF gives, and stored for that passkey.
 */
export async function sealForPasskey(userId: number, unlock: PasswordUnlock, passkey: { credentialId: string; prfOutput: Uint8Array }): Promise<void> {
  const mine = await trpcClient.keys.mine.query();
  const privateKey = await openWithPassword(mine.sealedPrivateKey, unlock);
  const sealedPrivateKey = await sealWithKey(privateKey, await passkeySealKey(passkey.prfOutput));
  await trpcClient.keys.savePasskeySeal.mutate({ credentialId: passkey.credentialId, sealedPrivateKey });
  await keep(userId, privateKey);
}

export { forgetKeys };
