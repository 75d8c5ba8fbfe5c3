// What a member typed, as the audit log keeps it and shows it: a username tried at sign-in, a
// passkey's name. The log is read as sentences ("Someone using “…” failed to sign in"), so text
// that came from outside must never read as part of one: it is kept short, written on one visible
// line, and shown in quotes that it cannot close. Plain code, without zod: the web app's system
// log quotes with the same rules (rules.ts).

/** The most characters of typed text the log keeps; longer text ends in "…". */
export const TYPED_TEXT_MAX = 64;

// Control characters (a newline), invisible formatting (right-to-left overrides, zero-width
// joiners) and line or paragraph separators: each would let text move, hide or break the line.
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function visible(character: string): string {
  return NAMED[character] ?? `\\u{${character.codePointAt(0)!.toString(16).toUpperCase()}}`;
}

// The start of a written-out character that a cut would split (`\`, `\u{20`).
const SPLIT_ESCAPE = /\\(?:u(?:\{[0-9A-F]*)?)?$/;

/**
 * Typed text as the log records it: every hidden character written out (a newline as `\n`,
 * others as `\u{202E}`), then cut to TYPED_TEXT_MAX characters, never inside a written-out one,
 * with "…" when cut. Applied again, it changes nothing.
 */
export function typedTextForLog(text: string): string {
  const shown = text.replace(HIDDEN, visible);
  const characters = [...shown];
  if (characters.length <= TYPED_TEXT_MAX) return shown;
  return `${characters.slice(0, TYPED_TEXT_MAX).join("").replace(SPLIT_ESCAPE, "")}…`;
}

// Marks that open or close a quotation as the log's sentences quote (“ ” and its lookalikes).
const DOUBLE_QUOTES = /["＂“”„‟«»〝〞〟″‶⹂]/gu;

/**
 * Typed text inside a sentence: as recorded (again, for rows written before the bound), in
 * “curly quotes”, and with every double quotation mark inside escaped (`\”`), so that what a
 * member typed cannot close the quote and carry on as the sentence.
 */
export function quoteTypedText(text: string): string {
  return `“${typedTextForLog(text).replace(DOUBLE_QUOTES, "\\$&")}”`;
}
