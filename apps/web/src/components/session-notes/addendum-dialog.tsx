import type { TreatmentSession } from "@halcyon/domain/schemas";
import { ADDENDUM_MAX } from "@halcyon/domain/rules";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, useDialogCloseGuard } from "@halcyon/ui/components/dialog";
import { Textarea } from "@halcyon/ui/components/textarea";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { useId, useState, type FormEvent } from "react";

import { formatDate } from "../../lib/time-format";
import { trpc } from "../../lib/trpc";
import { Field } from "../field";
import { FormDialogFooter } from "../form-dialog-footer";

/** A dated addendum to a signed note: the only way a signed note grows. */
export function AddendumDialog({ session, open, onOpenChange }: { session: TreatmentSession; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl sm:[--dialog-pad:2.5rem]">
        <AddendumForm session={session} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function AddendumForm({ session, onDone }: { session: TreatmentSession; onDone: () => void }) {
  const id = useId();
  const [body, setBody] = useState("");
  const [invalid, setInvalid] = useState(false);
  // Words written are not lost to a stray click outside the dialog, or Escape.
  useDialogCloseGuard(body.trim() !== "");
  const utils = trpc.useUtils();
  const add = trpc.treatmentSessions.addAddendum.useMutation({
    onSuccess: async () => {
      toast({ title: "Addendum added", description: "It is dated and kept under your name, below the signed note." });
      setBody("");
      onDone();
      await utils.treatmentSessions.list.invalidate();
    },
    onError: (error) => toast({ variant: "destructive", title: "Error", description: `We couldn't add the addendum. ${error.message}` }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!body.trim()) {
      setInvalid(true);
      document.getElementById(id)?.focus();
      return;
    }
    add.mutate({ id: session.id, body: body.trim() });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <DialogHeader>
        <DialogTitle>Add an addendum</DialogTitle>
        <DialogDescription>
          To the note of {formatDate(session.createdAt)}, signed by {session.signerName ? `Dr. ${session.signerName.split(" ").at(-1)}` : "its author"}. The
          signed note stays as it is.
        </DialogDescription>
      </DialogHeader>
      <Field htmlFor={id} label="Addendum" invalid={invalid} message={invalid ? "Write the addendum." : "A correction, or what you learned since."}>
        <Textarea
          id={id}
          value={body}
          rows={4}
          maxLength={ADDENDUM_MAX}
          aria-required
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-message`}
          disabled={add.isPending}
          onChange={(event) => {
            setBody(event.target.value);
            setInvalid(false);
          }}
        />
      </Field>
      <FormDialogFooter busy={add.isPending} onCancel={onDone} label="Add addendum" busyLabel="Adding..." />
    </form>
  );
}
