import { Button } from "@halcyon/ui/components/button";
import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";

type CopyFieldProps = {
  /** Names the value for screen readers and the copy button: "One-time password". */
  label: string;
  value: string;
  /** Monospaced, for passwords and links that are read character by character. */
  mono?: boolean;
};

const COPIED_FOR_MS = 2500;

/** A value shown once, selectable, with a Copy button that says when it has copied. */
export function CopyField({ label, value, mono = false }: CopyFieldProps) {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  const valueRef = useRef<HTMLInputElement>(null);

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
      valueRef.current?.select();
      setFailed(true);
    }
  };

  return (
    <div className="grid gap-2">
      <div className="flex items-stretch gap-2">
        <input
          ref={valueRef}
          readOnly
          value={value}
          aria-label={label}
          onFocus={(event) => event.currentTarget.select()}
          className={`h-12 min-w-0 flex-1 rounded-md border border-hairline bg-ivory-100 px-4 text-ink-900 outline-offset-1 ${mono ? "font-mono text-base tracking-wider" : "text-sm"}`}
        />
        <Button
          type="button"
          variant={copied ? "outline" : "ink"}
          className="h-12 shrink-0"
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
