import type { Appointment, SoapNote } from "@halcyon/domain/schemas";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { useState } from "react";

import { useRefreshSchedule } from "../../lib/schedule-cache";
import { trpc } from "../../lib/trpc";
import { useSavePrivateNote, type PrivateNote } from "./private-note";

type NoteFields = SoapNote & { sessionNotes: string; progressRating: number };

type SaveNoteOptions = {
  appointment: Pick<Appointment, "id" | "patientName">;
  /** The draft's id, when the note was saved before. */
  draftId: number | undefined;
  privateNote: PrivateNote;
  onDone: () => void;
  /** Called as soon as a save or a signature fails, before the schedule is read again. */
  onFailed: () => void;
};

/**
 * Saving a session's note: as a draft (the first save writes it and completes the session), then,
 * if asked, signing it; the private note is saved beside it when it changed. Says how it went.
 */
export function useSaveNote({ appointment, draftId, privateNote, onDone, onFailed }: SaveNoteOptions) {
  const refreshSchedule = useRefreshSchedule();
  const [busy, setBusy] = useState(false);
  // The note's id once it exists: the draft's, or the one the first save made (a retry after a
  // failed signature then changes that draft instead of writing the note twice).
  const [noteId, setNoteId] = useState(draftId);
  const record = trpc.treatmentSessions.record.useMutation();
  const update = trpc.treatmentSessions.update.useMutation();
  const savePrivateNote = useSavePrivateNote();
  const sign = trpc.treatmentSessions.sign.useMutation();

  /** Saves the note (and signs it, if asked); a failure is said, and `onFailed` hears it. */
  const save = async (fields: NoteFields, andSign: boolean): Promise<void> => {
    setBusy(true);
    let saved = false;
    try {
      const id =
        noteId !== undefined
          ? (await update.mutateAsync({ id: noteId, ...fields })).id
          : (await record.mutateAsync({ appointmentId: appointment.id, ...fields })).id;
      setNoteId(id);
      if (privateNote.changed) {
        await savePrivateNote.mutateAsync({ id, body: privateNote.text.trim() });
        privateNote.markSaved();
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
      onFailed();
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

  return { save, busy, noteId };
}
