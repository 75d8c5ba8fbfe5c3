import type { TreatmentSession } from "@halcyon/domain/schemas";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, useDialogCloseGuard } from "@halcyon/ui/components/dialog";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { useId, type FormEvent } from "react";

import { formatDate } from "../../lib/time-format";
import { FormDialogFooter } from "../form-dialog-footer";
import { PrivateNoteField, usePrivateNote, useSavePrivateNote } from "./private-note";

/**
 * The private psychotherapy note of a signed note, for its author: read and changed here, since it
 * is no part of what was signed. It is fetched (and its reading audited) only when opened: the
 * dialog's content exists only while it is open.
 */
export function PrivateNoteDialog({ session, open, onOpenChange }: { session: TreatmentSession; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl sm:[--dialog-pad:2.5rem]">
        <PrivateNoteForm session={session} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function PrivateNoteForm({ session, onDone }: { session: TreatmentSession; onDone: () => void }) {
  const id = useId();
  const privateNote = usePrivateNote(session.id);
  useDialogCloseGuard(privateNote.changed);
  const save = useSavePrivateNote();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Nothing to save: unchanged, or not read (its field stays shut then).
    if (!privateNote.changed) return onDone();
    save.mutate(
      { id: session.id, body: privateNote.text.trim() },
      {
        onSuccess: () => {
          toast({ title: "Private note saved", description: "Only you can read it; it stays apart from the signed note." });
          onDone();
        },
        onError: (error) => toast({ variant: "destructive", title: "Error", description: `We couldn't save the private note. ${error.message}` }),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <DialogHeader>
        <DialogTitle>Your private note</DialogTitle>
        <DialogDescription>Kept with your note of {formatDate(session.createdAt)}; the signed note is unchanged.</DialogDescription>
      </DialogHeader>
      <PrivateNoteField
        id={id}
        value={privateNote.text}
        onChange={privateNote.setText}
        disabled={save.isPending}
        loading={privateNote.loading}
        failed={privateNote.failed}
      />
      <FormDialogFooter busy={save.isPending} onCancel={onDone} label="Save private note" busyLabel="Saving..." />
    </form>
  );
}
