// Recovery codes: ten single-use codes shown once when two-step sign-in is turned on, for the day
// the authenticator is lost. Each is 10 characters of a 32-letter alphabet (50 bits), so a salted
// SHA-256 keeps them safe at rest while checking one against ten stays instant.
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

export const RECOVERY_CODE_COUNT = 10;
// No 0/O, 1/I/L: codes are read off paper.
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** "ABCDE-FGHJK": as shown and printed. */
export function newRecoveryCode(): string {
  const letters = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** What a person typed, as the code it means: case, spaces and dashes do not matter. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, "");
}

function digest(salt: string, code: string): string {
  return createHash("sha256").update(salt).update(normaliseRecoveryCode(code)).digest("hex");
}

export function hashRecoveryCode(code: string): string {
  const salt = randomBytes(16).toString("hex");
  return `${salt}:${digest(salt, code)}`;
}

export function recoveryCodeMatches(stored: string, typed: string): boolean {
  const [salt = "", hash = ""] = stored.split(":");
  const candidate = Buffer.from(digest(salt, typed), "hex");
  const expected = Buffer.from(hash, "hex");
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}
