// One-time passwords: staff issue one with a new account (or afresh, for someone who never used
// theirs); it signs in for 72 hours; and a session signed in with it may do nothing but read its
// own user, replace the password and sign out. Every door enforces that through assertOwnPassword.
import { randomInt } from "node:crypto";
import type { User } from "@halcyon/db";
import { AppError } from "../errors";

export const ONE_TIME_PASSWORD_LIFETIME_MS = 72 * 3_600_000;

export const NEW_PASSWORD_REQUIRED = "Please choose a new password first: this account is still on its one-time password.";
export const ONE_TIME_PASSWORD_EXPIRED =
  "This one-time password has expired: they work for 72 hours after they are issued. Please ask the clinic for a new one.";

// No look-alike characters (0/O, 1/l/I), so a password read aloud or copied by hand survives.
const PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Twelve random characters in three groups: about 59 bits, easy to read out, used once. */
export function oneTimePassword(): string {
  const pick = () => Array.from({ length: 4 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join("");
  return `${pick()}-${pick()}-${pick()}`;
}

/** When a one-time password issued at `now` stops working. */
export function oneTimePasswordExpiry(now: Date): string {
  return new Date(now.getTime() + ONE_TIME_PASSWORD_LIFETIME_MS).toISOString();
}

export function isOneTimePasswordExpired(user: User, now: Date): boolean {
  return user.mustChangePassword && user.oneTimePasswordExpiresAt !== null && now.getTime() >= Date.parse(user.oneTimePasswordExpiresAt);
}

/** Refuses (403) a session still on its one-time password: it must choose its own first. */
export function assertOwnPassword(user: User): void {
  if (user.mustChangePassword) throw new AppError("FORBIDDEN", NEW_PASSWORD_REQUIRED);
}
