import type { Appointment, SoapNote, TreatmentSession } from "@halcyon/domain/schemas";
import { SESSION_NOTES_MAX } from "@halcyon/domain/rules";
import { Button } from "@halcyon/ui/components/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle, useDialogCloseGuard } from "@halcyon/ui/components/dialog";
import { Textarea } from "@halcyon/ui/components/textarea";
import { useId, useState, type FormEvent } from "react";

import { firstMarked, useFieldProblems } from "../../lib/check-form";
import { useTimeFormat } from "../../lib/clinic-time-zone";
import { Field } from "../field";
import { PrivateNoteField, usePrivateNote } from "./private-note";
import { RatingPicker } from "./rating-picker";
import { SignConfirmation } from "./sign-confirmation";
import { SoapFieldset } from "./soap-fieldset";
import { SOAP_FIELDS } from "./soap-sections";
import { useSaveNote } from "./use-save-note";

const UNWRITTEN: SoapNote = { subjective: "", objective: "", assessment: "", plan: "" };

type Problem = "notes" | "rating" | keyof SoapNote;
/** The editor's fields in reading order: a stopped save focuses the first it marks. */
const FIELDS: readonly Problem[] = ["notes", "rating", ...SOAP_FIELDS.map(({ section }) => section)];

type NoteEditorProps = {
  /** The session the note is for. */
  appointment: Pick<Appointment, "id" | "patientName" | "title" | "startTime">;
  /** The note so far, when a draft was saved before. */
  draft?: TreatmentSession;
  onDone: () => void;
};

/**
 * The doctor's note of a session: the spec's free text and 1–10 rating (shared with the patient and
 * feeding their chart), the SOAP template, and a private psychotherapy note only its author reads.
 * It saves as a draft (the first save completes the session) and is then signed, which locks it.
 */
export function NoteEditor({ appointment, draft, onDone }: NoteEditorProps) {
  const ids = useId();
  const format = useTimeFormat();
  const [notes, setNotes] = useState(draft?.sessionNotes ?? "");
  const [rating, setRating] = useState<number | undefined>(draft?.progressRating || undefined);
  const [soap, setSoap] = useState<SoapNote>(draft?.soap ?? UNWRITTEN);
  const { problems, setProblems, clearProblem } = useFieldProblems<Problem>();
  const [confirmingSignature, setConfirmingSignature] = useState(false);
  // Once the doctor has written anything, a stray click outside the dialog or Escape loses none of it.
  const [touched, setTouched] = useState(false);
  useDialogCloseGuard(touched);

  const privateNote = usePrivateNote(draft?.id);
  const saving = useSaveNote({ appointment, draftId: draft?.id, privateNote, onDone, onFailed: () => setConfirmingSignature(false) });
  const { busy, noteId } = saving;

  /** What the form lacks for a draft, or for a signature too: every such field is marked, the first focused. */
  const check = (forSignature: boolean): boolean => {
    const found: Partial<Record<Problem, string>> = {};
    if (!notes.trim()) found.notes = "Write a few words about the session.";
    if (rating === undefined) found.rating = "Choose a rating from 1 to 10.";
    if (forSignature) {
      for (const { section, label } of SOAP_FIELDS) if (!soap[section].trim()) found[section] = `Write the ${label} section before signing.`;
    }
    setProblems(found);
    const first = firstMarked(found, FIELDS);
    if (first === undefined) return true;
    setConfirmingSignature(false);
    document.getElementById(first === "rating" ? `${ids}-rating-1` : `${ids}-${first}`)?.focus();
    return false;
  };

  const save = (andSign: boolean) => saving.save({ sessionNotes: notes.trim(), progressRating: rating!, ...soap }, andSign);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (check(false)) void save(false);
  };

  const invalid = (field: Problem) => problems[field] !== undefined;
  /** Typing into the field that was flagged clears the flag. */
  const edited = (field: Problem) => {
    setTouched(true);
    clearProblem(field);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-7">
      <DialogHeader>
        <DialogTitle>Session with {appointment.patientName}</DialogTitle>
        <DialogDescription>
          {appointment.title} · {format.dayAndTime(appointment.startTime)}.{" "}
          {noteId !== undefined ? "A draft: finish it, then sign it." : "Save a draft now and sign it when it is finished."}
        </DialogDescription>
      </DialogHeader>

      <Field
        htmlFor={`${ids}-notes`}
        label="Session notes"
        hint="shared with the patient"
        invalid={invalid("notes")}
        message={problems.notes ?? "What you worked on, what changed, and what comes next, in words the patient will read."}
      >
        <Textarea
          id={`${ids}-notes`}
          value={notes}
          rows={4}
          maxLength={SESSION_NOTES_MAX}
          aria-required
          aria-invalid={invalid("notes") || undefined}
          aria-describedby={`${ids}-notes-message`}
          disabled={busy}
          onChange={(event) => {
            setNotes(event.target.value);
            edited("notes");
          }}
        />
      </Field>

      <RatingPicker
        id={ids}
        value={rating}
        onChange={(value) => {
          setRating(value);
          edited("rating");
        }}
        problem={problems.rating}
        disabled={busy}
      />

      <SoapFieldset
        idPrefix={ids}
        value={soap}
        onChange={(section, text) => {
          setSoap((current) => ({ ...current, [section]: text }));
          edited(section);
        }}
        problems={problems}
        disabled={busy}
      />

      <PrivateNoteField
        id={`${ids}-private`}
        value={privateNote.text}
        onChange={(text) => {
          setTouched(true);
          privateNote.setText(text);
        }}
        disabled={busy}
        loading={privateNote.loading}
        failed={privateNote.failed}
      />

      {confirmingSignature ? (
        <SignConfirmation id={`${ids}-sign-title`} busy={busy} onCancel={() => setConfirmingSignature(false)} onSign={() => void save(true)} />
      ) : (
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
            Not now
          </Button>
          <Button type="submit" variant="outline" disabled={busy}>
            {busy ? "Saving..." : "Save draft"}
          </Button>
          <Button type="button" disabled={busy} onClick={() => check(true) && setConfirmingSignature(true)}>
            Sign note
          </Button>
        </DialogFooter>
      )}
    </form>
  );
}
