import type { ParsedMail } from "mailparser";
export type { ParsedMail } from "mailparser";

/** How the catcher answers the next messages: take them, never answer (a hung server), or refuse with an SMTP code. */
export type CatcherAnswer = "accept" | "hang" | { code: number; message: string };

export interface MailCatcher {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  /** Every message accepted, in order of arrival, as mailparser reads it (empty without `parse`). */
  messages: ParsedMail[];
  /** How it answers the next messages (accepts by default). */
  answer(next: CatcherAnswer): void;
  /** Messages that reached DATA, accepted or not. */
  attempts(): number;
  /** Messages accepted so far (a repeat counts again). */
  received(): number;
  /** Message-IDs accepted more than once, with their counts. */
  repeats(): Map<string, number>;
  /** Message-IDs accepted at least once. */
  distinct(): number;
  /** Messages accepted that carried no Message-ID header. */
  withoutId(): number;
  /** performance.now() of the first and the latest message accepted (undefined before any). */
  firstAt(): number | undefined;
  lastAt(): number | undefined;
  /** Resolves with the first message (already here or yet to come) that `predicate` accepts; needs `parse`. */
  waitFor(predicate: (message: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  /** Resolves once `count` messages have been accepted (with them, when parsed); rejects when `timeoutMs` passes first. */
  waitForCount(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** Starts a catcher on a free port of 127.0.0.1. `parse: false` keeps only counts, Message-IDs and times. */
export declare function startMailCatcher(options?: { parse?: boolean }): Promise<MailCatcher>;
