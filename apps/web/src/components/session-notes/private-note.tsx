import { PRIVATE_NOTE_MAX } from "@halcyon/domain/rules";
import { Textarea } from "@halcyon/ui/components/textarea";
import { useEffect, useState } from "react";

import { trpc } from "../../lib/trpc";
import { Field } from "../field";

/**
 * The private psychotherapy note of a session's note (`noteId`, when the note exists): what the
 * doctor is writing, and what is stored. The stored text is taken once, when it arrives: never
 * over what the doctor has typed since.
 */
export function usePrivateNote(noteId: number | undefined) {
  const [text, setText] = useState("");
  const [saved, setSaved] = useState<string>();
  const stored = trpc.treatmentSessions.privateNote.useQuery({ id: noteId ?? 0 }, { enabled: noteId !== undefined, staleTime: Infinity });
  useEffect(() => {
    if (stored.data && saved === undefined) {
      setText(stored.data.body);
      setSaved(stored.data.body);
    }
  }, [stored.data, saved]);
  return {
    text,
    setText,
    /** Whether the text differs from what is stored (nothing stored reads as empty). */
    changed: text.trim() !== (saved ?? ""),
    markSaved: () => setSaved(text.trim()),
    loading: stored.isLoading,
    /** It could not be read: the field stays shut, so that saving never writes over it. */
    failed: stored.isError,
  };
}

/**
 * Saves a private note and keeps the copy this page holds of it (read once, never refetched) the
 * one just saved: a dialog opened afterwards must not show, and then save, the older text.
 */
export function useSavePrivateNote() {
  const utils = trpc.useUtils();
  return trpc.treatmentSessions.savePrivateNote.useMutation({
    onSuccess: (saved, { id }) => utils.treatmentSessions.privateNote.setData({ id }, saved),
  });
}

export type PrivateNote = ReturnType<typeof usePrivateNote>;

type PrivateNoteFieldProps = { id: string; value: string; onChange: (text: string) => void; disabled: boolean; loading: boolean; failed: boolean };

/** The private note's field, set apart from what the patient reads. */
export function PrivateNoteField({ id, value, onChange, disabled, loading, failed }: PrivateNoteFieldProps) {
  return (
    <div className="grid gap-3 rounded-xl border border-ivory-300 bg-ivory-100 p-5">
      <Field
        htmlFor={id}
        label="Private psychotherapy note"
        hint="optional"
        invalid={failed}
        message={
          failed
            ? "Your private note could not be opened just now. Close this and try again: nothing of it is lost."
            : "Only you can read it. It is kept apart from the record: never shown to the patient, never in any export."
        }
      >
        <Textarea
          id={id}
          value={value}
          rows={2}
          className="min-h-20"
          maxLength={PRIVATE_NOTE_MAX}
          aria-describedby={`${id}-message`}
          disabled={disabled || loading || failed}
          placeholder={loading ? "Opening your private note…" : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      </Field>
    </div>
  );
}
