import { SESSION_NOTES_MAX } from "@halcyon/domain/rules";
import type { Appointment, PartyNote } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Switch } from "@halcyon/ui/components/switch";
import { Textarea } from "@halcyon/ui/components/textarea";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { NotebookPen } from "lucide-react";
import { useId, useState } from "react";

import { doctorTitle } from "../../lib/appointment-rules";
import { useTimeFormat } from "../../lib/clinic-time-zone";
import { trpc } from "../../lib/trpc";
import { Field } from "../field";

/** As the server's rule: a session's note is written from half an hour before it starts. */
const NOTE_OPENS_BEFORE_START_MS = 30 * 60_000;

type PartyPlace = Appointment & { party: NonNullable<Appointment["party"]> };

/**
 * The note of a couple's or a group's session, on a participant's place. Its doctor writes it,
 * signs it and shares it with whom it helps; a participant reads it once shared with them. It is
 * the session's, never in one patient's record.
 */
export function PartyNoteSection({ appointment, role }: { appointment: PartyPlace; role: "doctor" | "patient" }) {
  const opened = Date.parse(appointment.startTime) - NOTE_OPENS_BEFORE_START_MS <= Date.now();
  const readable = opened && appointment.status !== "cancelled";
  const note = trpc.parties.note.useQuery({ partyId: appointment.party.id }, { enabled: readable });
  if (!readable || note.isPending || note.isError) return null;
  if (role === "patient") return note.data ? <SharedNote note={note.data} /> : null;
  return <NoteEditor partyId={appointment.party.id} note={note.data} />;
}

function SharedNote({ note }: { note: PartyNote }) {
  const format = useTimeFormat();
  return (
    <section aria-label="The session's note" className="grid gap-2 rounded-lg border border-ivory-300 bg-ivory-100 p-5">
      <h3 className="text-xs font-semibold tracking-[0.14em] text-stone-600 uppercase">The session's note</h3>
      <p className="leading-relaxed whitespace-pre-line text-ink-900">{note.body}</p>
      <p className="text-xs text-muted-foreground">
        Shared with you by {doctorTitle(note.doctorName)}
        {note.signedAt ? ` · signed ${format.dayAndTime(note.signedAt)}` : ""}
      </p>
    </section>
  );
}

function NoteEditor({ partyId, note }: { partyId: number; note: PartyNote | null }) {
  const id = useId();
  const format = useTimeFormat();
  const utils = trpc.useUtils();
  const [body, setBody] = useState(note?.body ?? "");
  const [invalid, setInvalid] = useState(false);
  const settled = (written: PartyNote) => utils.parties.note.setData({ partyId }, written);
  const refused = (what: string) => (error: { message: string }) =>
    toast({ variant: "destructive", title: "Error", description: `We couldn't ${what}. ${error.message}` });
  const write = trpc.parties.writeNote.useMutation({
    onSuccess: (written) => {
      settled(written);
      toast({ title: "Note saved", description: "Kept with the session, never in a patient's record." });
    },
    onError: refused("save the note"),
  });
  const sign = trpc.parties.signNote.useMutation({
    onSuccess: (signed) => {
      settled(signed);
      toast({ title: "Note signed", description: "It will not change again." });
    },
    onError: refused("sign the note"),
  });
  const share = trpc.parties.shareNote.useMutation({ onSuccess: settled, onError: refused("change who reads the note") });
  const busy = write.isPending || sign.isPending;

  const save = () => {
    if (!body.trim()) {
      setInvalid(true);
      document.getElementById(id)?.focus();
      return;
    }
    write.mutate({ partyId, body: body.trim() });
  };

  return (
    <section aria-label="The session's note" className="grid gap-4 rounded-lg border border-ivory-300 bg-ivory-100 p-5">
      {note?.signedAt ? (
        <div className="grid gap-2">
          <h3 className="text-xs font-semibold tracking-[0.14em] text-stone-600 uppercase">The session's note</h3>
          <p className="leading-relaxed whitespace-pre-line text-ink-900">{note.body}</p>
          <p className="text-xs text-muted-foreground">Signed {format.dayAndTime(note.signedAt)}</p>
        </div>
      ) : (
        <>
          <Field
            htmlFor={id}
            label="The session's note"
            invalid={invalid}
            message={
              invalid
                ? "Write the session's note."
                : "Kept with the session, never in a patient's record. Once it is signed, each patient reads it only if you share it."
            }
          >
            <Textarea
              id={id}
              value={body}
              rows={5}
              maxLength={SESSION_NOTES_MAX}
              aria-invalid={invalid || undefined}
              aria-describedby={`${id}-message`}
              disabled={busy}
              onChange={(event) => {
                setBody(event.target.value);
                setInvalid(false);
              }}
            />
          </Field>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button type="button" variant="outline" disabled={busy} onClick={save}>
              {write.isPending ? "Saving..." : "Save note"}
            </Button>
            {note ? (
              <Button type="button" disabled={busy || body.trim() !== note.body} onClick={() => sign.mutate({ partyId, readAt: note.updatedAt })}>
                <NotebookPen aria-hidden="true" />
                {sign.isPending ? "Signing..." : "Sign note"}
              </Button>
            ) : null}
          </div>
        </>
      )}
      {note?.signedAt && note.participants && note.participants.length > 0 ? (
        <ul className="grid gap-3 border-t border-ivory-300 pt-4" aria-label="Who reads the note">
          {note.participants.map((participant) => (
            <li key={participant.patientId} className="flex items-center justify-between gap-4 text-sm">
              <span className="text-ink-900">
                <span id={`${id}-share-${participant.patientId}`}>Shared with {participant.name}</span>
                <span className="block text-xs text-muted-foreground">{ATTENDANCE[participant.status]}</span>
              </span>
              <Switch
                aria-labelledby={`${id}-share-${participant.patientId}`}
                checked={participant.shared}
                disabled={share.isPending}
                onCheckedChange={(shared) => share.mutate({ partyId, patientId: participant.patientId, shared })}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

const ATTENDANCE = { scheduled: "Attendance not yet marked", completed: "Attended", no_show: "Did not attend", cancelled: "Cancelled" } as const;
