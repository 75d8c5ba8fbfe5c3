import type { TreatmentSession } from "@halcyon/domain/schemas";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, useDialogCloseGuard } from "@halcyon/ui/components/dialog";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { useId, type FormEvent } from "react";

import { formatDate } from "../../lib/time-format";
import { trpc } from "../../lib/trpc";
import { FormDialogFooter } from "../form-dialog-footer";
import { PrivateNoteField, usePrivateNote } from "./private-note";

/**
 * The private psychotherapy note of a signed note, for its author: read and changed here, since it
 * is no part of what was signed. It is fetched (and its reading audited) only when opened.
 */
export function PrivateNoteDialog({ session, open, onOpenChange }: { session: TreatmentSession; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl sm:[--dialog-pad:2.5rem]">
        {open ? <PrivateNoteForm session={session} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PrivateNoteForm({ session, onDone }: { session: TreatmentSession; onDone: () => void }) {
  const id = useId();
  const privateNote = usePrivateNote(session.id);
  useDialogCloseGuard(privateNote.changed);
  const utils = trpc.useUtils();
  const save = trpc.treatmentSessions.savePrivateNote.useMutation({
    onSuccess: async (saved) => {
      utils.treatmentSessions.privateNote.setData({ id: session.id }, saved);
      toast({ title: "Private note saved", description: "Only you can read it; it stays apart from the signed note." });
      onDone();
    },
    onError: (error) => toast({ variant: "destructive", title: "Error", description: `We couldn't save the private note. ${error.message}` }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!privateNote.changed) return onDone();
    save.mutate({ id: session.id, body: privateNote.text.trim() });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <DialogHeader>
        <DialogTitle>Your private note</DialogTitle>
        <DialogDescription>Beside the note of {formatDate(session.createdAt)}. The signed note stays as it is.</DialogDescription>
      </DialogHeader>
      <PrivateNoteField id={id} value={privateNote.text} onChange={privateNote.setText} disabled={save.isPending} loading={privateNote.loading} />
      <FormDialogFooter busy={save.isPending} onCancel={onDone} label="Save private note" busyLabel="Saving..." />
    </form>
  );
}
