import type { AttachmentRef } from "@halcyon/sealed";
import { cn } from "@halcyon/ui/lib/utils";
import { Download, FileText, LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";

/** A file's size as people say it: "820 KB", "2.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** What a message without words carries, in a line: "Attachment: sleep-diary.pdf". */
export function attachmentSummary(attachments: readonly Pick<AttachmentRef, "name">[]): string {
  return attachments.length === 1 ? `Attachment: ${attachments[0]!.name}` : `${attachments.length} attachments`;
}

/** A file on its way: named, not yet fetchable. */
export type PendingFile = Pick<AttachmentRef, "name" | "size" | "type">;

const isImage = (type: string) => type === "image/png" || type === "image/jpeg";

async function openedFile(attachment: AttachmentRef): Promise<Blob> {
  const { fetchAttachment } = await import("../../lib/messaging-keys/sealing");
  return fetchAttachment(attachment);
}

/** A file of a message: an image shows inline; every file has its name, size and a download. */
export function AttachmentView({ attachment, mine }: { attachment: AttachmentRef | PendingFile; mine: boolean }) {
  const ready = "id" in attachment ? attachment : null;
  const [preview, setPreview] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!ready || !isImage(ready.type)) return;
    let url: string | undefined;
    let current = true;
    openedFile(ready).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        if (current) setPreview(url);
      },
      () => current && setProblem("This image could not be opened."),
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [ready]);

  const download = async () => {
    if (!ready) return;
    setSaving(true);
    setProblem(undefined);
    try {
      const url = URL.createObjectURL(await openedFile(ready));
      const link = Object.assign(document.createElement("a"), { href: url, download: ready.name });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      setProblem("This file could not be downloaded. Please try again.");
    } finally {
      setSaving(false);
    }
  };

  const quiet = mine ? "text-ivory-200/80" : "text-stone-600";
  return (
    <li className="min-w-0" data-testid="attachment">
      {preview && <img src={preview} alt={attachment.name} className="mb-2 max-h-64 w-auto max-w-full rounded-lg object-contain" />}
      <div className={cn("flex items-center gap-3 rounded-xl px-3 py-2", mine ? "bg-ivory-50/10" : "bg-ivory-100")}>
        <FileText className={cn("size-5 shrink-0", mine ? "text-gold-300" : "text-gold-700")} aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium">{attachment.name}</p>
          <p className={cn("text-xs tabular-nums", quiet)}>{formatFileSize(attachment.size)}</p>
        </div>
        {ready && (
          <button
            type="button"
            onClick={() => void download()}
            disabled={saving}
            aria-label={`Download ${attachment.name}`}
            className={cn(
              "inline-flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-gold-500 focus-visible:outline-none",
              mine ? "hover:bg-ivory-50/15" : "hover:bg-ivory-200",
            )}
          >
            {saving ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : <Download className="size-4" aria-hidden="true" />}
          </button>
        )}
      </div>
      {problem && (
        <p role="alert" className={cn("mt-1 text-xs", mine ? "text-ivory-100" : "text-rose-700")}>
          {problem}
        </p>
      )}
    </li>
  );
}
