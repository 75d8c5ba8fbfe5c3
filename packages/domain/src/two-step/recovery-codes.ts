// Recovery codes: ten single-use codes shown once when two-step sign-in is turned on, for the day
// the authenticator is lost. Each is five groups of four letters of a 31-letter alphabet without
// look-alikes, read off paper: the first group only picks the stored row (it is kept in the clear,
// so checking a typed code costs one slow hash, not ten), and the other sixteen letters (79 bits)
// are the secret, kept only as an argon2id hash made in passwords.ts's hashing slots.
// Codes given before (ABCDE-FGHJK: 50 bits under a salted SHA-256) keep working until used.
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { hashSecret, verifySecret } from "../auth/passwords";

export const RECOVERY_CODE_COUNT = 10;
// No 0/O, 1/I/L: codes are read off paper.
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const GROUPS = 5;
const GROUP_LENGTH = 4;
/** The length of a code from before groups, once normalised. */
const OLD_CODE_LENGTH = 10;

/** "ABCD-EFGH-JKMN-PQRS-TUVW": as shown and printed. */
export function newRecoveryCode(): string {
  const group = () => Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return Array.from({ length: GROUPS }, group).join("-");
}

/** What a person typed, as the code it means: case, spaces and dashes do not matter. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, "");
}

/** The row a typed code can only be: its first group, null for a code from before, undefined when it is no recovery code at all. */
export function recoveryCodePrefix(typed: string): string | null | undefined {
  const code = normaliseRecoveryCode(typed);
  if (code.length === OLD_CODE_LENGTH) return null;
  return code.length === GROUPS * GROUP_LENGTH ? code.slice(0, GROUP_LENGTH) : undefined;
}

/** How a new code is stored: its first group, and a slow hash of the whole. */
export async function storedRecoveryCode(code: string): Promise<{ prefix: string; hash: string }> {
  const normalised = normaliseRecoveryCode(code);
  return { prefix: normalised.slice(0, GROUP_LENGTH), hash: await hashSecret(normalised) };
}

export function storedRecoveryCodes(codes: string[]): Promise<{ prefix: string; hash: string }[]> {
  return Promise.all(codes.map(storedRecoveryCode));
}

/** Whether `typed` is the code stored as `stored` (an argon2id hash, or a code from before's "salt:sha256"). */
export async function recoveryCodeMatches(stored: string, typed: string): Promise<boolean> {
  if (stored.startsWith("$argon2")) return verifySecret(stored, normaliseRecoveryCode(typed));
  const [salt = "", hash = ""] = stored.split(":");
  const candidate = createHash("sha256").update(salt).update(normaliseRecoveryCode(typed)).digest();
  const expected = Buffer.from(hash, "hex");
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}
