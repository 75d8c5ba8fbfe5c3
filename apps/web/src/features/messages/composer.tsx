import { MESSAGE_MAX_LENGTH } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { cn } from "@halcyon/ui/lib/utils";
import { ArrowUp, LockKeyhole, Paperclip, ShieldCheck } from "lucide-react";
import { useId, useRef, type FormEvent, type KeyboardEvent } from "react";
import { Link } from "react-router-dom";

import { ComingSoonButton } from "./coming-soon-button";

/** The count of characters left appears this close to the limit. */
const SHOW_REMAINING_BELOW = 400;

type ComposerProps = {
  draft: string;
  onDraftChange: (draft: string) => void;
  /** Called with the trimmed text; never with an empty one. */
  onSend: (content: string) => void;
  partnerName: string;
};

/**
 * Where a message is written: Enter sends, Shift+Enter starts a new line. Sending is blocked
 * while the trimmed text is empty, and the text is trimmed before it goes (the specification).
 */
export function Composer({ draft, onDraftChange, onSend, partnerName }: ComposerProps) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const content = draft.trim();
  const canSend = content.length > 0 && content.length <= MESSAGE_MAX_LENGTH;
  const remaining = MESSAGE_MAX_LENGTH - draft.length;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSend(content);
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} aria-label={`Write to ${partnerName}`} className="border-t border-hairline bg-ivory-100/60 px-3 pt-3 pb-3 sm:px-6 sm:pt-4">
      <div className="flex items-end gap-1 rounded-[1.4rem] border border-input bg-ivory-50 p-1.5 shadow-[inset_0_1px_2px_rgb(11_18_32/0.04)] transition-[border-color,box-shadow] duration-200 focus-within:border-gold-600 focus-within:shadow-[0_0_0_3px_rgb(196_162_101/0.22)]">
        <ComingSoonButton
          icon={Paperclip}
          label="Attach a file"
          hint="Attachments are coming soon"
          explanation="Sharing files here is on its way. Until then, describe it in words, or bring it to your next session."
        />
        <label htmlFor={inputId} className="sr-only">
          Message to {partnerName}
        </label>
        <textarea
          ref={input}
          id={inputId}
          rows={1}
          value={draft}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={`Write to ${partnerName}…`}
          aria-describedby={hintId}
          onChange={(event) => onDraftChange(event.target.value)}
          onKeyDown={onKeyDown}
          className="field-sizing-content max-h-40 min-h-10 flex-1 resize-none bg-transparent px-2 py-2 text-base leading-relaxed text-ink-900 outline-none placeholder:text-stone-600/80 focus-visible:outline-none sm:text-[0.95rem]"
        />
        <Button type="submit" size="icon" disabled={!canSend} aria-label="Send message" className="shrink-0">
          <ArrowUp className="size-[1.15rem]" strokeWidth={2} aria-hidden="true" />
        </Button>
      </div>
      <p id={hintId} className="sr-only">
        Press Enter to send, Shift and Enter for a new line.
      </p>
      <div className="mt-2.5 flex flex-wrap items-center justify-center gap-x-5 gap-y-1 text-[0.7rem] tracking-wide text-stone-600">
        <span className="inline-flex items-center gap-1.5">
          <LockKeyhole className="size-3.5 text-gold-700" aria-hidden="true" />
          End-to-end encrypted
        </span>
        <Link to="/hipaa" className="inline-flex items-center gap-1.5 underline-offset-4 hover:text-ink-900 hover:underline">
          <ShieldCheck className="size-3.5 text-gold-700" aria-hidden="true" />
          HIPAA compliant
          <span className="sr-only">: what this means</span>
        </Link>
        {remaining < SHOW_REMAINING_BELOW && (
          <span aria-live="polite" className={cn("tabular-nums", remaining <= 0 && "text-rose-700")}>
            {remaining.toLocaleString("en-US")} characters left
          </span>
        )}
      </div>
    </form>
  );
}
