// Argon2id on the server: the verifiers it stores (OWASP's parameters), and the derivation a
// plain-password client leaves to it (the member's own parameters, the browser's derivation).
// argon2 hashes on libuv's thread pool, so sign-ins never block the event loop; every hash, of
// whichever kind, waits for one of the same few slots.
import { availableParallelism } from "node:os";
import type { PasswordKdf } from "@halcyon/db";
import { secretsFromMaster, type Secrets } from "@halcyon/sealed";
import argon2 from "argon2";
import { AppError } from "../errors";
import { judgePassword, type PasswordOwner } from "./password-rules";

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB of memory, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most this many hashes at once: each takes a core for tens of milliseconds, and one core
 * stays free for the event loop, so a burst of sign-ins (or re-checks) queues instead of starving the server.
 */
const HASHING_SLOTS = Math.max(1, availableParallelism() - 1);
let hashing = 0;
const waiting: (() => void)[] = [];

async function withHashingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= HASHING_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else hashing -= 1;
  }
}

/** A verifier to store: an Argon2id PHC string of the secret (an authKey, or a pre-split hash's bytes). */
export function hashSecret(secret: string | Buffer): Promise<string> {
  return withHashingSlot(() => argon2.hash(secret, ARGON2_OPTIONS));
}

export async function verifySecret(verifier: string, secret: string | Buffer): Promise<boolean> {
  try {
    return await withHashingSlot(() => argon2.verify(verifier, secret));
  } catch {
    // A malformed stored hash is a failed match, not a crash.
    return false;
  }
}

/** Argon2id of the password as typed with a member's parameters: 32 raw bytes, as the browser derives them (hash-wasm). */
export function argon2idRaw(password: string, kdf: PasswordKdf): Promise<Buffer> {
  return withHashingSlot(() =>
    argon2.hash(password, {
      type: argon2.argon2id,
      raw: true,
      hashLength: 32,
      salt: Buffer.from(kdf.salt, "base64url"),
      memoryCost: kdf.memoryKiB,
      timeCost: kdf.iterations,
      parallelism: kdf.parallelism,
    }),
  );
}

/** Both secrets of a password, as the browser derives them: only the demo seed, whose passwords are published, needs the seal secret. */
export async function passwordSecrets(password: string, kdf: PasswordKdf): Promise<Secrets> {
  return secretsFromMaster(await argon2idRaw(password, kdf));
}

/**
 * The sign-in secret of a password, derived here for a client that sends the password itself.
 * At that moment the server could derive the seal secret too: the docs say so.
 */
export async function authKeyOf(password: string, kdf: PasswordKdf): Promise<string> {
  return (await passwordSecrets(password, kdf)).authKey;
}

/**
 * A verifier of a throwaway secret, checked against when the username does not exist, so a failed
 * sign-in takes as long whether or not the account is real.
 */
let decoyHash: Promise<string> | undefined;
export function verifyDecoy(secret: string | Buffer): Promise<boolean> {
  decoyHash ??= hashSecret("decoy-secret-for-unknown-users");
  return decoyHash.then((hash) => verifySecret(hash, secret));
}

/** Refuses a password the rules do not accept (password-rules.ts), with their reason. */
export function assertAcceptablePassword(password: string, owner: PasswordOwner): void {
  const { problem } = judgePassword(password, owner);
  if (problem) throw new AppError("INVALID_INPUT", problem);
}
