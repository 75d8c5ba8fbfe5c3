import type { PasskeyView } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { useState, type FormEvent } from "react";

import { trpc } from "../../lib/trpc";
import { FormField } from "../auth/form-field";

/** A passkey's own name, so the member can tell "Work laptop" from "Phone". */
export function RenamePasskeyDialog({ passkey, open, onClose }: { passkey: PasskeyView; open: boolean; onClose: () => void }) {
  const [name, setName] = useState(passkey.name);
  const [problem, setProblem] = useState<string>();
  const utils = trpc.useUtils();
  const rename = trpc.account.renamePasskey.useMutation({
    onSuccess: async (renamed) => {
      await utils.account.passkeys.invalidate();
      toast({ title: "Passkey renamed", description: `It is “${renamed.name}” now.` });
      onClose();
    },
    onError: (error) => setProblem(error.message),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim().length === 0) {
      setProblem("Name your passkey.");
      return;
    }
    setProblem(undefined);
    rename.mutate({ id: passkey.id, name: name.trim() });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !rename.isPending && onClose()}>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-6">
          <DialogHeader>
            <DialogTitle>Rename passkey</DialogTitle>
            <DialogDescription>A name that tells you which device holds it.</DialogDescription>
          </DialogHeader>
          <FormField
            id={`passkey-name-${passkey.id}`}
            label="Name"
            value={name}
            maxLength={60}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `passkey-name-problem-${passkey.id}` : undefined}
          />
          {problem ? (
            <p id={`passkey-name-problem-${passkey.id}`} role="alert" className="-mt-3 text-sm text-destructive">
              {problem}
            </p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={rename.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={rename.isPending}>
              {rename.isPending ? "Saving..." : "Save"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
