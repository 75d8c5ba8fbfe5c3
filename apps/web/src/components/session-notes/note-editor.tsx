import type { Appointment, SoapNote, TreatmentSession } from "@halcyon/domain/schemas";
import { SESSION_NOTES_MAX, SOAP_SECTION_MAX, PRIVATE_NOTE_MAX } from "@halcyon/domain/rules";
import { Button } from "@halcyon/ui/components/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { Textarea } from "@halcyon/ui/components/textarea";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { LockKeyhole } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";

import { useTimeFormat } from "../../lib/clinic-time-zone";
import { useRefreshSchedule } from "../../lib/schedule-cache";
import { trpc } from "../../lib/trpc";
import { Field } from "../field";
import { RatingPicker } from "./rating-picker";
import { SOAP_FIELDS } from "./soap-sections";

const UNWRITTEN: SoapNote = { subjective: "", objective: "", assessment: "", plan: "" };

type Problem = "notes" | "rating" | keyof SoapNote;

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
  const refreshSchedule = useRefreshSchedule();
  const [notes, setNotes] = useState(draft?.sessionNotes ?? "");
  const [rating, setRating] = useState<number | undefined>(draft?.progressRating || undefined);
  const [soap, setSoap] = useState<SoapNote>(draft?.soap ?? UNWRITTEN);
  const [privateNote, setPrivateNote] = useState("");
  const [problem, setProblem] = useState<{ field: Problem; message: string }>();
  const [confirmingSignature, setConfirmingSignature] = useState(false);
  const [busy, setBusy] = useState(false);

  // The note's id once it exists: the draft's, or the one the first save made (a retry after a
  // failed signature then changes that draft instead of writing the note twice).
  const [noteId, setNoteId] = useState(draft?.id);
  const [savedPrivateNote, setSavedPrivateNote] = useState<string>();
  const storedPrivateNote = trpc.treatmentSessions.privateNote.useQuery({ id: draft?.id ?? 0 }, { enabled: draft !== undefined, staleTime: Infinity });
  // Taken once, when it arrives: never over what the doctor has typed since.
  useEffect(() => {
    if (storedPrivateNote.data && savedPrivateNote === undefined) {
      setPrivateNote(storedPrivateNote.data.body);
      setSavedPrivateNote(storedPrivateNote.data.body);
    }
  }, [storedPrivateNote.data, savedPrivateNote]);

  const record = trpc.treatmentSessions.record.useMutation();
  const update = trpc.treatmentSessions.update.useMutation();
  const savePrivateNote = trpc.treatmentSessions.savePrivateNote.useMutation();
  const sign = trpc.treatmentSessions.sign.useMutation();

  const flag = (field: Problem, message: string) => {
    setProblem({ field, message });
    setConfirmingSignature(false);
    document.getElementById(field === "rating" ? `${ids}-rating-1` : `${ids}-${field}`)?.focus();
  };

  /** What the form lacks for a draft, or for a signature too. */
  const check = (forSignature: boolean): boolean => {
    if (!notes.trim()) return (flag("notes", "Write a few words about the session."), false);
    if (rating === undefined) return (flag("rating", "Choose a rating from 1 to 10."), false);
    if (forSignature) {
      const missing = SOAP_FIELDS.find(({ section }) => !soap[section].trim());
      if (missing) return (flag(missing.section, `Write the ${missing.label} section before signing.`), false);
    }
    setProblem(undefined);
    return true;
  };

  const save = async (andSign: boolean) => {
    setBusy(true);
    let saved = false;
    try {
      const fields = { sessionNotes: notes.trim(), progressRating: rating!, ...soap };
      const id =
        noteId !== undefined
          ? (await update.mutateAsync({ id: noteId, ...fields })).id
          : (await record.mutateAsync({ appointmentId: appointment.id, ...fields })).id;
      setNoteId(id);
      if (privateNote.trim() !== (savedPrivateNote ?? "")) {
        await savePrivateNote.mutateAsync({ id, body: privateNote });
        setSavedPrivateNote(privateNote.trim());
      }
      saved = true;
      if (andSign) await sign.mutateAsync({ id });
      toast(
        andSign
          ? { title: "Note signed", description: `${appointment.patientName}'s note is signed and locked. Later additions are dated addenda.` }
          : { title: "Draft saved", description: `${appointment.patientName}'s session is complete; sign the note when it is finished.` },
      );
      onDone();
    } catch (error) {
      setConfirmingSignature(false);
      const reason = (error as Error).message;
      toast({
        variant: "destructive",
        title: "Error",
        description: saved ? `The draft is saved, but it was not signed. ${reason}` : `We couldn't save the note. ${reason}`,
      });
    } finally {
      setBusy(false);
      await refreshSchedule();
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (check(false)) void save(false);
  };

  const invalid = (field: Problem) => problem?.field === field;
  /** Typing into the field that was flagged clears the flag. */
  const edited = (field: Problem) => invalid(field) && setProblem(undefined);

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
        message={invalid("notes") ? problem?.message : "What you worked on, what changed, and what comes next, in words the patient will read."}
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
        invalid={invalid("rating")}
        disabled={busy}
      />

      <fieldset className="grid gap-5 border-t border-hairline pt-6">
        <legend className="float-left mb-1 font-display text-xl text-ink-900">Clinical note</legend>
        <p className="-mt-3 text-xs text-muted-foreground">The SOAP template. The patient reads it once it is signed.</p>
        {SOAP_FIELDS.map(({ section, label, prompt }) => (
          <Field key={section} htmlFor={`${ids}-${section}`} label={label} invalid={invalid(section)} message={invalid(section) ? problem?.message : prompt}>
            <Textarea
              id={`${ids}-${section}`}
              value={soap[section]}
              rows={2}
              className="min-h-20"
              maxLength={SOAP_SECTION_MAX}
              aria-invalid={invalid(section) || undefined}
              aria-describedby={`${ids}-${section}-message`}
              disabled={busy}
              onChange={(event) => {
                setSoap((current) => ({ ...current, [section]: event.target.value }));
                edited(section);
              }}
            />
          </Field>
        ))}
      </fieldset>

      <div className="grid gap-3 rounded-xl border border-ivory-300 bg-ivory-100 p-5">
        <Field
          htmlFor={`${ids}-private`}
          label="Private psychotherapy note"
          hint="optional"
          message="Only you can read it. It is kept apart from the record: never shown to the patient, never in any export."
        >
          <Textarea
            id={`${ids}-private`}
            value={privateNote}
            rows={2}
            className="min-h-20"
            maxLength={PRIVATE_NOTE_MAX}
            aria-describedby={`${ids}-private-message`}
            disabled={busy || storedPrivateNote.isLoading}
            placeholder={storedPrivateNote.isLoading ? "Opening your private note…" : undefined}
            onChange={(event) => setPrivateNote(event.target.value)}
          />
        </Field>
      </div>

      {confirmingSignature ? (
        <div role="group" aria-labelledby={`${ids}-sign-title`} className="grid gap-4 rounded-xl border border-gold-400 bg-ivory-50 p-5">
          <p id={`${ids}-sign-title`} className="flex items-center gap-2 font-medium text-ink-900">
            <LockKeyhole className="size-4 text-gold-700" aria-hidden="true" />
            Sign and lock this note?
          </p>
          <p className="text-sm text-muted-foreground">
            Once signed, its words and rating can no longer change. Anything you add later is kept as a dated addendum, under your name.
          </p>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" disabled={busy} onClick={() => setConfirmingSignature(false)}>
              Keep editing
            </Button>
            <Button type="button" disabled={busy} onClick={() => void save(true)}>
              {busy ? "Signing..." : "Sign and lock"}
            </Button>
          </div>
        </div>
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
