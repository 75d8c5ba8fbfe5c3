import { Button } from "@halcyon/ui/components/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { TooltipProvider } from "@halcyon/ui/components/tooltip";
import { useState, type FormEvent } from "react";

import { trpc } from "../../lib/trpc";
import { FormField } from "../auth/form-field";
import { PasswordInput } from "../auth/password-input";

type RecheckDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  cancelLabel: string;
  actionLabel: string;
  busyLabel: string;
  /** The sensitive change, made once the password is confirmed; its failure is shown in the dialog. */
  action: () => Promise<void>;
};

/** A sensitive change (two-step sign-in, an admin's reset of someone's): the password first, then the change. */
export function RecheckDialog({ open, onClose, title, description, cancelLabel, actionLabel, busyLabel, action }: RecheckDialogProps) {
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const recheck = trpc.account.recheck.useMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await recheck.mutateAsync({ password });
      await action();
      setPassword("");
      setProblem(undefined);
      onClose();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : "Please try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} className="grid gap-6">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <FormField id="recheck-password" label="Your password">
            {/* The show-password toggle explains itself in a tooltip. */}
            <TooltipProvider>
              <PasswordInput
                id="recheck-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                autoComplete="current-password"
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? "recheck-problem" : undefined}
              />
            </TooltipProvider>
          </FormField>
          {problem ? (
            <p id="recheck-problem" role="alert" className="-mt-3 text-sm text-destructive">
              {problem}
            </p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                {cancelLabel}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy || password.length === 0}>
              {busy ? busyLabel : actionLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
