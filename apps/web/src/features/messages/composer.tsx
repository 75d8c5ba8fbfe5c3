import { MESSAGE_MAX_LENGTH } from "@halcyon/domain/rules";
import { Button } from "@halcyon/ui/components/button";
import { cn } from "@halcyon/ui/lib/utils";
import { ArrowUp, FileText, LockKeyhole, Paperclip, ShieldCheck, X } from "lucide-react";
import { useId, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from "react";
import { Link } from "react-router-dom";

import { ACCEPTED_FILES, fileProblem } from "./attachment-rules";
import { formatFileSize } from "./attachment-view";
import { HeaderIconButton } from "./header-icon-button";

/** The count of characters left appears this close to the limit. */
const SHOW_REMAINING_BELOW = 400;

type ComposerProps = {
  draft: string;
  onDraftChange: (draft: string) => void;
  /** Called with the trimmed text and the chosen file; never with neither. */
  onSend: (content: string, file?: File) => void;
  partnerName: string;
  /** Why nothing can be sent now (a key is missing), in words; the draft stays. */
  blocked?: string | undefined;
};

/**
 * Where a message is written: Enter sends, Shift+Enter starts a new line. Sending is blocked
 * while the trimmed text is empty (unless a file goes), and the text is trimmed before it goes
 * (the specification). A file is checked when chosen, before anything is sealed or sent.
 */
export function Composer({ draft, onDraftChange, onSend, partnerName, blocked }: ComposerProps) {
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<string>();
  const content = draft.trim();
  const canSend = !blocked && (content.length > 0 || file !== undefined) && content.length <= MESSAGE_MAX_LENGTH;
  const remaining = MESSAGE_MAX_LENGTH - draft.length;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSend(content, file);
    setFile(undefined);
    input.current?.focus();
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = "";
    if (!chosen) return;
    const refusal = fileProblem(chosen);
    setProblem(refusal ?? undefined);
    setFile(refusal ? undefined : chosen);
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
      {blocked && (
        <p
          role="status"
          className="mb-2.5 flex items-start gap-2 rounded-xl border border-gold-500/30 bg-ivory-50 px-3.5 py-2.5 text-sm leading-relaxed text-ink-800"
        >
          <LockKeyhole className="mt-0.5 size-4 shrink-0 text-gold-700" aria-hidden="true" />
          {blocked}
        </p>
      )}
      {problem && (
        <p id={problemId} role="alert" className="mb-2.5 rounded-xl border border-rose-700/30 bg-rose-50 px-3.5 py-2.5 text-sm leading-relaxed text-rose-700">
          {problem}
        </p>
      )}
      {file && (
        <div className="mb-2.5 flex items-center gap-3 rounded-xl border border-hairline bg-ivory-50 px-3.5 py-2" data-testid="chosen-file">
          <FileText className="size-5 shrink-0 text-gold-700" aria-hidden="true" />
          <p className="min-w-0 flex-1 truncate text-sm text-ink-900">
            {file.name} <span className="text-xs text-stone-600 tabular-nums">· {formatFileSize(file.size)}</span>
          </p>
          <Button type="button" variant="ghost" size="icon" aria-label={`Remove ${file.name}`} onClick={() => setFile(undefined)} className="size-8 shrink-0">
            <X className="size-4" aria-hidden="true" />
          </Button>
        </div>
      )}
      <div className="flex items-end gap-1 rounded-[1.4rem] border border-input bg-ivory-50 p-1.5 shadow-[inset_0_1px_2px_rgb(11_18_32/0.04)] transition-[border-color,box-shadow] duration-200 focus-within:border-gold-600 focus-within:shadow-[0_0_0_3px_rgb(196_162_101/0.22)]">
        <HeaderIconButton
          icon={Paperclip}
          label="Attach a file"
          tooltip="Attach a PDF, image, text or Word file (up to 10 MB)"
          onClick={() => picker.current?.click()}
        />
        <input ref={picker} type="file" accept={ACCEPTED_FILES} onChange={choose} className="sr-only" tabIndex={-1} aria-hidden="true" />
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
          className="field-sizing-content max-h-40 min-h-10 min-w-0 flex-1 resize-none wrap-anywhere bg-transparent px-2 py-2 text-base leading-relaxed text-ink-900 outline-none placeholder:text-stone-600/80 focus-visible:outline-none sm:text-[0.95rem]"
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
