// Password hashing (argon2id, OWASP's recommended parameters) and the rules a new password meets.
// argon2 hashes on libuv's thread pool, so sign-ins never block the event loop.
import { availableParallelism } from "node:os";
import argon2 from "argon2";
import { AppError } from "../errors";
import { judgePassword, type PasswordOwner } from "./password-rules";

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB of memory, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most this many hashes at once: each takes a core for tens of milliseconds, and one core
 * stays free for the event loop, so a burst of sign-ins queues instead of starving the server.
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

export function hashPassword(password: string): Promise<string> {
  return withHashingSlot(() => argon2.hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await withHashingSlot(() => argon2.verify(passwordHash, password));
  } catch {
    // A malformed stored hash is a failed match, not a crash.
    return false;
  }
}

/**
 * A hash of a throwaway password, checked against when the username does not exist, so a failed
 * sign-in takes as long whether or not the account is real.
 */
let decoyHash: Promise<string> | undefined;
export function verifyDecoy(password: string): Promise<boolean> {
  decoyHash ??= hashPassword("decoy-password-for-unknown-users");
  return decoyHash.then((hash) => verifyPassword(hash, password));
}

/** Refuses a password the rules do not accept (password-rules.ts), with their reason. */
export function assertAcceptablePassword(password: string, owner: PasswordOwner): void {
  const { problem } = judgePassword(password, owner);
  if (problem) throw new AppError("INVALID_INPUT", problem);
}
