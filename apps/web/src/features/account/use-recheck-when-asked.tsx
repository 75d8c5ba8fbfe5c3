import { useState, type ReactNode } from "react";

import { isRecheckRequiredError } from "../../lib/auth/unauthorized";
import { RecheckDialog } from "./recheck-dialog";

type RecheckCopy = {
  /** What is being done, as the dialog's title asks it ("Create this account?"). */
  title: string;
  actionLabel: string;
  busyLabel: string;
};

/**
 * For the changes the server lets through only after a recent re-check (docs/product.md, "Actions
 * that need a re-check"): the change is tried at once, and when the server asks (REAUTH_REQUIRED),
 * the re-check dialog opens; once the member has confirmed it is them, the same change is sent
 * again and its own success or failure handling takes over. A mutation's `onError` hands its
 * error to `offer` first: true means the dialog has it.
 */
export function useRecheckWhenAsked(copy: RecheckCopy): { offer: (error: unknown, retry: () => Promise<unknown>) => boolean; dialog: ReactNode } {
  const [retry, setRetry] = useState<() => Promise<unknown>>();
  const offer = (error: unknown, again: () => Promise<unknown>) => {
    if (!isRecheckRequiredError(error)) return false;
    setRetry(() => again);
    return true;
  };
  const dialog = (
    <RecheckDialog
      open={retry !== undefined}
      onClose={() => setRetry(undefined)}
      title={copy.title}
      description="This change gives access or changes who someone is, so the clinic asks you to confirm it is you (once every few minutes)."
      cancelLabel="Cancel"
      actionLabel={copy.actionLabel}
      busyLabel={copy.busyLabel}
      // The change's own handlers show how it went, whichever way; the dialog only takes the proof.
      action={async () => {
        await retry?.().catch(() => undefined);
      }}
    />
  );
  return { offer, dialog };
}
