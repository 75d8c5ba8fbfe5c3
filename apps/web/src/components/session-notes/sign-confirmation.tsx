import { Button } from "@halcyon/ui/components/button";
import { LockKeyhole } from "lucide-react";
import { useEffect, useRef } from "react";

type SignConfirmationProps = { id: string; busy: boolean; onCancel: () => void; onSign: () => void };

/**
 * The last step before a note is signed: what signing means, then the choice. It takes the place
 * of the button that asked for it, so it takes the focus, and comes whole into view (below a long
 * note, its buttons would start under the dialog's fold).
 */
export function SignConfirmation({ id, busy, onCancel, onSign }: SignConfirmationProps) {
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => {
    group.current?.focus({ preventScroll: true });
    group.current?.scrollIntoView({ block: "nearest" });
  }, []);
  return (
    <div
      ref={group}
      tabIndex={-1}
      role="group"
      aria-labelledby={id}
      className="grid scroll-mb-6 gap-4 rounded-xl border border-gold-400 bg-ivory-50 p-5 outline-none"
    >
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
