// What makes a password acceptable (NIST SP 800-63B): long enough, not guessable, not the member's
// own name, and no composition rules. Browser-safe, and its own entry ("@halcyon/domain/password-rules"):
// the server enforces it, and the web app loads it (with its 30,000-word dictionary) only when a
// password is being chosen, to show the strength as the member types.
import { ZxcvbnFactory, type ZxcvbnResult } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { translations } from "@zxcvbn-ts/language-en";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-length";

/** zxcvbn's 0–4: 3 is "safely unguessable" (about 10^10 guesses), the least a health record's password may be. */
export const MIN_PASSWORD_SCORE = 3;

/**
 * Bumped whenever these rules change: a member whose password was chosen under older rules is
 * judged again at their next sign-in, and asked once to choose a better one if it falls short.
 */
export const PASSWORD_RULES_VERSION = 1;

export interface PasswordOwner {
  username: string;
  firstName?: string | null;
  lastName?: string | null;
}

export interface PasswordVerdict {
  /** zxcvbn's score, 0 (guessable in moments) to 4 (very unlikely to be guessed). */
  score: 0 | 1 | 2 | 3 | 4;
  /** Why the password is refused, in words a person can act on; null when it is accepted. */
  problem: string | null;
}

/**
 * zxcvbn judges this many characters at most: its work grows steeply with length (a long run of
 * one digit took 270 ms of the event loop at 128), and a password already this long is judged by
 * its start.
 */
const JUDGED_LENGTH = 32;

let estimator: ZxcvbnFactory | undefined;

function strength(password: string, owner: PasswordOwner): ZxcvbnResult {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, translations });
  const ownWords = [owner.username, owner.firstName, owner.lastName].filter((word): word is string => Boolean(word));
  return estimator.check(password.slice(0, JUDGED_LENGTH), ownWords);
}

/** The owner's own words (3 letters or more) that appear in the password, whatever their case. */
function containedOwnWord(password: string, owner: PasswordOwner): "username" | "name" | null {
  const lowered = password.toLowerCase();
  const contains = (word: string | null | undefined) => Boolean(word && word.trim().length >= 3 && lowered.includes(word.trim().toLowerCase()));
  if (contains(owner.username)) return "username";
  if (contains(owner.firstName) || contains(owner.lastName)) return "name";
  return null;
}

export function judgePassword(password: string, owner: PasswordOwner): PasswordVerdict {
  if (password.length > PASSWORD_MAX_LENGTH) return { score: 0, problem: `Passwords can be at most ${PASSWORD_MAX_LENGTH} characters.` };
  const result = strength(password, owner);
  const score = result.score;
  if (password.length < PASSWORD_MIN_LENGTH)
    return { score: Math.min(score, 2) as PasswordVerdict["score"], problem: `Passwords need at least ${PASSWORD_MIN_LENGTH} characters.` };
  const own = containedOwnWord(password, owner);
  if (own) return { score: Math.min(score, 1) as PasswordVerdict["score"], problem: `Your password must not contain your ${own}.` };
  if (score < MIN_PASSWORD_SCORE) {
    const reason = result.feedback.warning ?? "This password would be easy to guess.";
    const advice = result.feedback.suggestions[0] ?? "Add another word or two; uncommon words are best.";
    return { score, problem: `${reason} ${advice}` };
  }
  return { score, problem: null };
}
