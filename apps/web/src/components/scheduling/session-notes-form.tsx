import type { Appointment } from "@halcyon/domain/schemas";
import { SESSION_NOTES_MAX } from "@halcyon/domain/schemas";
import { DialogDescription, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { Textarea } from "@halcyon/ui/components/textarea";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { cn } from "@halcyon/ui/lib/utils";
import { useId, useState, type FormEvent } from "react";

import { useTimeFormat } from "../../lib/clinic-time-zone";
import { useRefreshSchedule } from "../../lib/schedule-cache";
import { trpc } from "../../lib/trpc";
import { Field } from "../field";
import { FormDialogFooter } from "../form-dialog-footer";

const RATINGS = Array.from({ length: 10 }, (_, index) => index + 1);

/**
 * The doctor's page of a session: notes and a 1–10 progress rating (POST /api/treatment-sessions).
 * Saving completes the session, and the patient's chart moves at once.
 */
export function SessionNotesForm({ appointment, onDone }: { appointment: Appointment; onDone: () => void }) {
  const ids = useId();
  const format = useTimeFormat();
  const [notes, setNotes] = useState("");
  const [rating, setRating] = useState<number>();
  const [invalid, setInvalid] = useState<"notes" | "rating">();
  const refreshSchedule = useRefreshSchedule();

  const record = trpc.treatmentSessions.record.useMutation({
    onSuccess: async () => {
      toast({ title: "Notes saved", description: `${appointment.patientName}'s session is complete, and their progress is updated.` });
      onDone();
      await refreshSchedule();
    },
    onError: (error) => {
      toast({ variant: "destructive", title: "Error", description: `We couldn't save the notes. ${error.message}` });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!notes.trim()) {
      setInvalid("notes");
      document.getElementById(`${ids}-notes`)?.focus();
      return;
    }
    if (rating === undefined) {
      setInvalid("rating");
      document.getElementById(`${ids}-rating-1`)?.focus();
      return;
    }
    record.mutate({ appointmentId: appointment.id, sessionNotes: notes.trim(), progressRating: rating });
  };

  const busy = record.isPending;

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <DialogHeader>
        <DialogTitle>Session with {appointment.patientName}</DialogTitle>
        <DialogDescription>
          {appointment.title} · {format.dayAndTime(appointment.startTime)}. Your notes are private to the patient&rsquo;s care team and the patient.
        </DialogDescription>
      </DialogHeader>

      <Field
        htmlFor={`${ids}-notes`}
        label="Session notes"
        invalid={invalid === "notes"}
        message={invalid === "notes" ? "Write a few words about the session." : "What you worked on, what changed, and what comes next."}
      >
        <Textarea
          id={`${ids}-notes`}
          value={notes}
          rows={6}
          maxLength={SESSION_NOTES_MAX}
          aria-required
          aria-invalid={invalid === "notes" || undefined}
          aria-describedby={`${ids}-notes-message`}
          disabled={busy}
          onChange={(event) => {
            setNotes(event.target.value);
            if (invalid === "notes") setInvalid(undefined);
          }}
        />
      </Field>

      <fieldset className="grid gap-3" aria-describedby={`${ids}-rating-message`}>
        <legend className="mb-1 text-sm font-medium text-foreground">Progress rating</legend>
        <div className="grid grid-cols-5 gap-2 sm:grid-cols-10">
          {RATINGS.map((value) => (
            <label
              key={value}
              className={cn(
                "relative flex h-11 cursor-pointer items-center justify-center rounded-md border font-display text-xl transition-colors duration-200 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                rating === value
                  ? "border-gold-600 bg-ink-900 text-ivory-50 shadow-soft"
                  : "border-ivory-300 bg-ivory-50 text-ink-900 hover:border-gold-600/60",
                invalid === "rating" && "border-destructive",
              )}
            >
              <input
                id={`${ids}-rating-${value}`}
                type="radio"
                name={`${ids}-rating`}
                value={value}
                checked={rating === value}
                disabled={busy}
                aria-label={`${value} out of 10`}
                className="absolute inset-0 cursor-pointer opacity-0"
                onChange={() => {
                  setRating(value);
                  if (invalid === "rating") setInvalid(undefined);
                }}
              />
              <span aria-hidden="true">{value}</span>
            </label>
          ))}
        </div>
        <p id={`${ids}-rating-message`} className={cn("text-xs", invalid === "rating" ? "text-sm text-destructive" : "text-muted-foreground")}>
          {invalid === "rating" ? "Choose a rating from 1 to 10." : "1 is a very hard week; 10 is the best they have felt in a long time."}
        </p>
      </fieldset>

      <FormDialogFooter busy={busy} onCancel={onDone} label="Save notes & complete" busyLabel="Saving..." />
    </form>
  );
}
