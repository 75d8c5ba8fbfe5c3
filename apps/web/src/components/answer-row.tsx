import { Button } from "@halcyon/ui/components/button";
import type { ReactNode } from "react";

/** One of a row's two answers: its words, its words while sent, and what a screen reader hears. */
export interface Answer {
  label: string;
  pendingLabel: string;
  ariaLabel: string;
  pending: boolean;
  onAnswer: () => void;
}

/**
 * Something held for the patient that waits for their yes or no (an hour offered from the
 * waitlist, a partner's invitation): what it is, then Decline and the yes, both held while
 * either is on its way.
 */
export function AnswerRow({ testId, children, accept, decline }: { testId: string; children: ReactNode; accept: Answer; decline: Answer }) {
  const busy = accept.pending || decline.pending;
  return (
    <li
      className="flex flex-col gap-4 rounded-lg border border-gold-300 bg-gold-200/40 p-5 sm:flex-row sm:items-center sm:justify-between"
      data-testid={testId}
    >
      <div className="grid gap-1">{children}</div>
      {/* Stacked on a phone, the yes first: side by side, the two do not fit its width. */}
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <Button variant="outline" disabled={busy} onClick={decline.onAnswer} aria-label={decline.ariaLabel}>
          {decline.pending ? decline.pendingLabel : decline.label}
        </Button>
        <Button disabled={busy} onClick={accept.onAnswer} aria-label={accept.ariaLabel}>
          {accept.pending ? accept.pendingLabel : accept.label}
        </Button>
      </div>
    </li>
  );
}
