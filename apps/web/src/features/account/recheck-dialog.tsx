import { Button } from "@halcyon/ui/components/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { TooltipProvider } from "@halcyon/ui/components/tooltip";
import { KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";

import { secretsOf } from "../../lib/auth/password-secrets";
import { useCurrentUser } from "../../lib/auth/current-user";
import { unlockMessagingWithPasskey } from "../../lib/messaging-keys/after-sign-in";
import type { PasswordUnlock } from "../../lib/messaging-keys/unlock";
import type { PasskeyAnswer } from "../../lib/passkeys/ceremonies";
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
  /**
   * The sensitive change, made once the password (or a passkey) is confirmed, with what confirmed
   * it (a password's seal key opens the messaging key); its failure is shown in the dialog.
   */
  action: (proof: RecheckProof) => Promise<void>;
  /** Only the password will do (the change needs what it opens), not a passkey. */
  passwordOnly?: boolean;
  /** Where the focus goes once the change is made, when the button that opened the dialog is gone with it (see DialogContent). */
  focusOnClose?: () => HTMLElement | null;
};

export type RecheckProof = { unlock: PasswordUnlock } | { passkey: PasskeyAnswer };

/**
 * A sensitive change (two-step sign-in, passkeys, an admin's reset of someone's): the password
 * first (sent only as its authKey, derived here), or one of the member's passkeys, then the change.
 * A passkey with PRF also opens the member's messages, when they turned that on for it.
 */
export function RecheckDialog({
  open,
  onClose,
  title,
  description,
  cancelLabel,
  actionLabel,
  busyLabel,
  action,
  passwordOnly,
  focusOnClose,
}: RecheckDialogProps) {
  const { user } = useCurrentUser();
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const recheck = trpc.account.recheck.useMutation();
  const hasPasskeys = (trpc.account.twoStep.useQuery(undefined, { enabled: open && !passwordOnly }).data?.passkeys ?? 0) > 0 && !passwordOnly;
  const passkeyProof = usePasskeyProof();

  const withPassword = async (): Promise<RecheckProof> => {
    if (!user) throw new Error("Please sign in again.");
    const { authKey, sealKey } = await secretsOf(user.username, password);
    await recheck.mutateAsync({ authKey });
    return { unlock: { sealKey, password } };
  };
  const withPasskey = async (): Promise<RecheckProof> => {
    const passkey = await passkeyProof();
    await recheck.mutateAsync({ passkey: passkey.response });
    if (user) unlockMessagingWithPasskey(user, { credentialId: passkey.response.id, prfOutput: passkey.prfOutput });
    return { passkey };
  };

  const confirm = async (proven: () => Promise<RecheckProof>) => {
    setBusy(true);
    try {
      await action(await proven());
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
    void confirm(withPassword);
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
            <Button type="button" variant="outline" className="-mt-2 w-fit" disabled={busy} onClick={() => void confirm(withPasskey)}>
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
