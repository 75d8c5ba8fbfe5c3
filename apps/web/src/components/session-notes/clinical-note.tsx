import type { Appointment, PublicUser, TreatmentSession } from "@halcyon/domain/schemas";
import { Badge } from "@halcyon/ui/components/badge";
import { Button } from "@halcyon/ui/components/button";
import { Dialog, DialogContent } from "@halcyon/ui/components/dialog";
import { FilePenLine, LockKeyhole, NotebookPen, ShieldEllipsis } from "lucide-react";
import { useState } from "react";

import { doctorTitle } from "../../lib/appointment-rules";
import { formatDate } from "../../lib/time-format";
import { AddendumDialog } from "./addendum-dialog";
import { NoteEditor } from "./note-editor";
import { PrivateNoteDialog } from "./private-note-dialog";
import { SOAP_FIELDS } from "./soap-sections";

type ClinicalNoteProps = {
  session: TreatmentSession;
  viewer: PublicUser;
  /** The session's appointment, for the editor's heading. */
  appointment?: Pick<Appointment, "id" | "patientName" | "title" | "startTime">;
  /** The viewer is a doctor in the patient's care (not under emergency access): they may add addenda. */
  inCare: boolean;
};

/**
 * The clinical part of a session note, under its shared words: the SOAP sections, whether and by
 * whom it was signed (with the start of its SHA-256), its addenda, and what the viewer may do next:
 * the author finishes and signs a draft; a doctor adds an addendum to a signed note; its author
 * opens their private note beside it.
 */
export function ClinicalNote({ session, viewer, appointment, inCare }: ClinicalNoteProps) {
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [privateOpen, setPrivateOpen] = useState(false);
  const written = SOAP_FIELDS.filter(({ section }) => session.soap[section].trim());
  const signed = session.signedAt !== null;
  const mayFinish = !signed && viewer.id === session.doctorId && appointment !== undefined;
  const mayAdd = signed && viewer.role === "doctor" && (inCare || viewer.id === session.doctorId);
  const mayOpenPrivateNote = signed && viewer.id === session.doctorId;

  return (
    <div className="mt-4 grid gap-4 border-l-2 border-ivory-300 pl-4 sm:pl-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {signed ? (
          <p className="text-xs leading-relaxed text-stone-700">
            <LockKeyhole className="mr-1.5 inline size-3.5 align-[-3px] text-gold-700" aria-hidden="true" />
            Signed by {doctorTitle(session.signerName ?? session.doctorName)} on <time dateTime={session.signedAt!}>{formatDate(session.signedAt!)}</time>{" "}
            <span className="font-mono whitespace-nowrap text-stone-600" title={`SHA-256 ${session.contentHash}`}>
              <span className="sr-only">, content fingerprint </span>· {session.contentHash?.slice(0, 12)}
            </span>
          </p>
        ) : (
          <Badge tone="gold">
            <FilePenLine className="size-3" aria-hidden="true" />
            Draft, not signed
          </Badge>
        )}
      </div>

      {written.length > 0 ? (
        <dl className="grid gap-3 sm:grid-cols-2">
          {written.map(({ section, label }) => (
            <div key={section} className="min-w-0">
              <dt className="text-xs font-semibold tracking-[0.16em] text-stone-600 uppercase">{label}</dt>
              <dd className="mt-1 text-sm leading-relaxed whitespace-pre-line text-ink-800">{session.soap[section]}</dd>
            </div>
          ))}
        </dl>
      ) : null}

      {session.addenda.length > 0 ? (
        <ol className="grid gap-3" aria-label="Addenda">
          {session.addenda.map((addendum) => (
            <li key={addendum.id} className="rounded-lg border border-ivory-300 bg-ivory-50 px-4 py-3">
              <p className="text-xs font-semibold tracking-[0.16em] text-stone-600 uppercase">
                Addendum · <time dateTime={addendum.createdAt}>{formatDate(addendum.createdAt)}</time> · {doctorTitle(addendum.authorName)}
              </p>
              <p className="mt-1 text-sm leading-relaxed whitespace-pre-line text-ink-800">{addendum.body}</p>
            </li>
          ))}
        </ol>
      ) : null}

      {mayFinish || mayAdd || mayOpenPrivateNote ? (
        <div className="flex flex-wrap gap-2">
          {mayFinish || mayAdd ? (
            <Button size="sm" variant="outline" onClick={() => (mayFinish ? setEditing(true) : setAdding(true))}>
              <NotebookPen aria-hidden="true" />
              {mayFinish ? "Finish and sign" : "Add addendum"}
            </Button>
          ) : null}
          {mayOpenPrivateNote ? (
            <Button size="sm" variant="ghost" onClick={() => setPrivateOpen(true)}>
              <ShieldEllipsis aria-hidden="true" />
              Your private note
            </Button>
          ) : null}
        </div>
      ) : null}

      {mayFinish ? (
        <Dialog open={editing} onOpenChange={setEditing}>
          <DialogContent className="max-w-2xl sm:[--dialog-pad:2.5rem]">
            {editing ? <NoteEditor appointment={appointment!} draft={session} onDone={() => setEditing(false)} /> : null}
          </DialogContent>
        </Dialog>
      ) : null}
      {mayAdd ? <AddendumDialog session={session} open={adding} onOpenChange={setAdding} /> : null}
      {mayOpenPrivateNote ? <PrivateNoteDialog session={session} open={privateOpen} onOpenChange={setPrivateOpen} /> : null}
    </div>
  );
}
