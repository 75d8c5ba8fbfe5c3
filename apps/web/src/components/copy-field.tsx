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
const FIELD = "w-full min-w-0 flex-1 rounded-md border border-hairline bg-ivory-100 px-4 text-ink-900 outline-offset-1";

/** A value shown once, selectable, with a Copy button that says when it has copied. */
export function CopyField({ label, value, mono = false }: CopyFieldProps) {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

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
      // No clipboard (an insecure page, a refused permission): select it so a keystroke copies it.
      (textareaRef.current ?? inputRef.current)?.select();
      setFailed(true);
    }
  };

  const field = {
    readOnly: true,
    value,
    "aria-label": label,
    onFocus: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => event.currentTarget.select(),
  };

  return (
    <div className="grid gap-2">
      <div className="flex items-stretch gap-2">
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
        <Button
          type="button"
          variant={copied ? "outline" : "ink"}
          className="h-12 shrink-0 self-start"
          onClick={() => void copy()}
          aria-label={`Copy ${label.toLowerCase()}`}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          <span aria-hidden="true">{copied ? "Copied" : "Copy"}</span>
        </Button>
      </div>
      <p role="status" className="min-h-5 text-xs text-muted-foreground">
        {copied ? `${label} copied.` : failed ? "Press Ctrl+C (or ⌘C) to copy the selected text." : ""}
      </p>
    </div>
  );
}
