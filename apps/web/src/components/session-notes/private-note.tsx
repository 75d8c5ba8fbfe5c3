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
  };
}

export type PrivateNote = ReturnType<typeof usePrivateNote>;

type PrivateNoteFieldProps = { id: string; value: string; onChange: (text: string) => void; disabled: boolean; loading: boolean };

/** The private note's field, set apart from what the patient reads. */
export function PrivateNoteField({ id, value, onChange, disabled, loading }: PrivateNoteFieldProps) {
  return (
    <div className="grid gap-3 rounded-xl border border-ivory-300 bg-ivory-100 p-5">
      <Field
        htmlFor={id}
        label="Private psychotherapy note"
        hint="optional"
        message="Only you can read it. It is kept apart from the record: never shown to the patient, never in any export."
      >
        <Textarea
          id={id}
          value={value}
          rows={2}
          className="min-h-20"
          maxLength={PRIVATE_NOTE_MAX}
          aria-describedby={`${id}-message`}
          disabled={disabled || loading}
          placeholder={loading ? "Opening your private note…" : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      </Field>
    </div>
  );
}
