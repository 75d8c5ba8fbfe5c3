import { Button } from "@halcyon/ui/components/button";
import { LockKeyhole } from "lucide-react";

type SignConfirmationProps = { id: string; busy: boolean; onCancel: () => void; onSign: () => void };

/** The last step before a note is signed: what signing means, then the choice. */
export function SignConfirmation({ id, busy, onCancel, onSign }: SignConfirmationProps) {
  return (
    <div role="group" aria-labelledby={id} className="grid gap-4 rounded-xl border border-gold-400 bg-ivory-50 p-5">
      <p id={id} className="flex items-center gap-2 font-medium text-ink-900">
        <LockKeyhole className="size-4 text-gold-700" aria-hidden="true" />
        Sign and lock this note?
      </p>
      <p className="text-sm text-muted-foreground">
        Once signed, its words and rating can no longer change. Anything you add later is kept as a dated addendum, under your name.
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={busy} onClick={onCancel}>
          Keep editing
        </Button>
        <Button type="button" disabled={busy} onClick={onSign}>
          {busy ? "Signing..." : "Sign and lock"}
        </Button>
      </div>
    </div>
  );
}
