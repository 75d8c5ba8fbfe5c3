import { Button } from "@halcyon/ui/components/button";
import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState, type FocusEvent } from "react";

type CopyFieldProps = {
  /** Names the value for screen readers and the copy button: "One-time password". */
  label: string;
  value: string;
  /**
   * Monospaced and shown whole, wrapping where it must: for keys, passwords and codes read
   * character by character (a phone is narrower than a 32-character key, and a list of codes has
   * lines of its own).
   */
  mono?: boolean;
};

const COPIED_FOR_MS = 2500;
const FIELD = "w-full min-w-0 grow basis-64 rounded-md border border-hairline bg-ivory-100 px-4 text-ink-900 outline-offset-1";

/**
 * Copying `value` to the clipboard, and whether it just did. Where there is no clipboard (an
 * insecure page, a refused permission), `selectInstead` selects the text so that a keystroke copies it.
 */
function useCopy(value: string, selectInstead: () => void) {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setFailed(false);
      setCopied(true);
    } catch {
      selectInstead();
      setFailed(true);
    }
  };
  return { copied, failed, copy };
}

/** A Copy button that says when it has copied, with the line that says so to screen readers. */
export function CopyButton({ label, value, selectInstead }: { label: string; value: string; selectInstead: () => void }) {
  const { copied, failed, copy } = useCopy(value, selectInstead);
  return (
    <div className="grid justify-items-start gap-2">
      <CopyAction label={label} copied={copied} onCopy={copy} />
      <CopyStatus label={label} copied={copied} failed={failed} />
    </div>
  );
}

function CopyAction({ label, copied, onCopy }: { label: string; copied: boolean; onCopy: () => Promise<void> }) {
  return (
    <Button
      type="button"
      variant={copied ? "outline" : "ink"}
      className="h-12 shrink-0 self-start"
      onClick={() => void onCopy()}
      aria-label={`Copy ${label.toLowerCase()}`}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-hidden="true">{copied ? "Copied" : "Copy"}</span>
    </Button>
  );
}

function CopyStatus({ label, copied, failed }: { label: string; copied: boolean; failed: boolean }) {
  return (
    <p role="status" className="min-h-5 text-xs text-muted-foreground">
      {copied ? `${label} copied.` : failed ? "Press Ctrl+C (or ⌘C) to copy the selected text." : ""}
    </p>
  );
}

/** A value shown once, selectable, with a Copy button that says when it has copied. */
export function CopyField({ label, value, mono = false }: CopyFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const { copied, failed, copy } = useCopy(value, () => (textareaRef.current ?? inputRef.current)?.select());

  const field = {
    readOnly: true,
    value,
    "aria-label": label,
    onFocus: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => event.currentTarget.select(),
  };

  return (
    <div className="grid gap-2">
      {/* The button goes under the field where the two would leave the value too narrow to read. */}
      <div className="flex flex-wrap items-stretch gap-2">
        {mono ? (
          <textarea
            {...field}
            ref={textareaRef}
            rows={1}
            className={`${FIELD} field-sizing-content min-h-12 resize-none py-2.5 font-mono text-base leading-6 tracking-wider wrap-anywhere`}
          />
        ) : (
          <input {...field} ref={inputRef} className={`${FIELD} h-12 text-sm`} />
        )}
        <CopyAction label={label} copied={copied} onCopy={copy} />
      </div>
      <CopyStatus label={label} copied={copied} failed={failed} />
    </div>
  );
}
