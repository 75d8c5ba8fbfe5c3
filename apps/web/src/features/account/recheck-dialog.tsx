import { Button } from "@halcyon/ui/components/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { TooltipProvider } from "@halcyon/ui/components/tooltip";
import { KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";

import { usePasskeyProof } from "../../lib/passkeys/use-passkey-proof";
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
  /** The sensitive change, made once the password (or a passkey) is confirmed; its failure is shown in the dialog. */
  action: () => Promise<void>;
  /** Where the focus goes once the change is made, when the button that opened the dialog is gone with it (see DialogContent). */
  focusOnClose?: () => HTMLElement | null;
};

/**
 * A sensitive change (two-step sign-in, passkeys, an admin's reset of someone's): the password
 * first, or one of the member's passkeys, then the change.
 */
export function RecheckDialog({ open, onClose, title, description, cancelLabel, actionLabel, busyLabel, action, focusOnClose }: RecheckDialogProps) {
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const recheck = trpc.account.recheck.useMutation();
  const hasPasskeys = (trpc.account.twoStep.useQuery(undefined, { enabled: open }).data?.passkeys ?? 0) > 0;
  const passkeyProof = usePasskeyProof();

  const confirm = async (proof: () => Promise<{ password: string } | { passkey: Awaited<ReturnType<typeof passkeyProof>> }>) => {
    setBusy(true);
    try {
      await recheck.mutateAsync(await proof());
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void confirm(async () => ({ password }));
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent focusOnClose={focusOnClose}>
        <form onSubmit={submit} className="grid gap-6">
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
          {hasPasskeys ? (
            <Button
              type="button"
              variant="outline"
              className="-mt-2 w-fit"
              disabled={busy}
              onClick={() => void confirm(async () => ({ passkey: await passkeyProof() }))}
            >
              <KeyRound aria-hidden="true" />
              Use a passkey instead
            </Button>
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
