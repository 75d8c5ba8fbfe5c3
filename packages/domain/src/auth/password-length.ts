// How long a password may be. Plain values, without zod, so that a page can read them through the
// browser's zod-free entry (rules.ts).

/** NIST SP 800-63B: length, not composition rules, makes a password hard to guess. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
