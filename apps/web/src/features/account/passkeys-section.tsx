import type { PasskeyView } from "@halcyon/domain/schemas";
import { Badge } from "@halcyon/ui/components/badge";
import { Button } from "@halcyon/ui/components/button";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { KeyRound, LockKeyhole } from "lucide-react";
import { useState } from "react";

import { LoadFailed } from "../../components/load-failed";
import { PageLoading } from "../../components/page-loading";
import { SectionCard } from "../../components/section-card";
import { useCurrentUser } from "../../lib/auth/current-user";
import { browserHasPasskeys, makePasskey } from "../../lib/passkeys/ceremonies";
import { usePasskeyProof } from "../../lib/passkeys/use-passkey-proof";
import { formatAgo, formatDate } from "../../lib/time-format";
import { trpc } from "../../lib/trpc";
import { describeDevice } from "./device";
import { RecheckDialog, type RecheckProof } from "./recheck-dialog";
import { useRecoveryCodesOnce } from "./recovery-codes";
import { RenamePasskeyDialog } from "./rename-passkey-dialog";

/**
 * The member's passkeys: sign-in with a fingerprint, face or the device's PIN, as the second step
 * after the password or as the whole sign-in. Added and removed after confirming it is them.
 */
export function PasskeysSection({
  onTurnedOn,
  enrolmentCode,
}: {
  /** Once two-step sign-in is on and any recovery codes are put away. */
  onTurnedOn?: () => void;
  /** The code an admin gave a doctor or admin who must set up two-step sign-in (the gate asks for it). */
  enrolmentCode?: string;
} = {}) {
  const passkeys = trpc.account.passkeys.useQuery();
  const [adding, setAdding] = useState(false);
  const recoveryCodes = useRecoveryCodesOnce(onTurnedOn);
  const utils = trpc.useUtils();
  const begin = trpc.account.beginPasskey.useMutation();
  const add = trpc.account.addPasskey.useMutation();

  const addPasskey = async () => {
    const response = await makePasskey(await begin.mutateAsync());
    const added = await add.mutateAsync({ name: describeDevice(navigator.userAgent), response, ...(enrolmentCode ? { enrolmentCode } : {}) });
    await utils.account.invalidate();
    toast({ title: "Passkey added", description: `“${added.passkey.name}” signs you in from now on. You can rename it.` });
    if (added.recoveryCodes.length > 0) recoveryCodes.show(added.recoveryCodes);
    else onTurnedOn?.();
  };

  let body;
  if (recoveryCodes.panel) body = recoveryCodes.panel;
  else if (passkeys.isPending) body = <PageLoading label="Loading your passkeys" />;
  else if (passkeys.isError)
    body = <LoadFailed what="your passkeys" reason={passkeys.error.message} onRetry={() => void passkeys.refetch()} retrying={passkeys.isFetching} />;
  else
    body = (
      <div className="grid gap-6">
        {passkeys.data.length === 0 ? (
          <p className="max-w-2xl text-muted-foreground">
            Sign in with your fingerprint, your face or your device&apos;s PIN. A passkey stays on your device, works only on this clinic&apos;s site, and
            cannot be guessed or phished.
          </p>
        ) : (
          <ul className="divide-y divide-hairline" aria-label="Your passkeys">
            {passkeys.data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        )}
        {browserHasPasskeys() ? (
          <div className="flex flex-wrap gap-3">
            <Button className="w-fit" variant={passkeys.data.length === 0 ? "default" : "outline"} onClick={() => setAdding(true)}>
              <KeyRound aria-hidden="true" />
              Add a passkey
            </Button>
            {passkeys.data.length > 0 ? <PasskeyUnlocksMessages /> : null}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">This browser cannot make passkeys. Try a recent browser on your phone or computer.</p>
        )}
        <RecheckDialog
          open={adding}
          onClose={() => setAdding(false)}
          title="Add a passkey"
          description="Confirm it is you. Your browser will then ask you to make the passkey. Your other sessions will end."
          cancelLabel="Not now"
          actionLabel="Continue"
          busyLabel="Waiting for your passkey..."
          action={addPasskey}
        />
      </div>
    );

  const count = passkeys.data?.length ?? 0;
  return (
    <SectionCard
      title="Passkeys"
      description="Your fingerprint, face or device PIN in place of a code."
      action={count > 0 && !recoveryCodes.panel ? <Badge tone="sage">{count === 1 ? "1 passkey" : `${count} passkeys`}</Badge> : null}
    >
      {body}
    </SectionCard>
  );
}

const NO_PRF = "This passkey's device cannot open messages (it does not offer the PRF extension). Your password still does.";

/**
 * "Unlock messages with a passkey": the password opens the messaging key here (after a re-check),
 * then the passkey the member picks seals it under a key only that passkey's PRF gives. From then
 * on, signing in (or re-checking) with that passkey opens the messages, with nothing typed.
 */
function PasskeyUnlocksMessages() {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const passkeyProof = usePasskeyProof();
  if (!user || user.role === "admin") return null;

  const seal = async (proof: RecheckProof) => {
    if (!("unlock" in proof)) return;
    const { response, prfOutput } = await passkeyProof();
    if (!prfOutput) throw new Error(NO_PRF);
    const { sealForPasskey } = await import("../../lib/messaging-keys/unlock");
    await sealForPasskey(user.id, proof.unlock, { credentialId: response.id, prfOutput });
    toast({ title: "Your passkey opens your messages", description: "Sign in with it, and your messages open here with nothing typed." });
  };

  return (
    <>
      <Button className="w-fit" variant="outline" onClick={() => setOpen(true)}>
        <LockKeyhole aria-hidden="true" />
        Unlock messages with a passkey
      </Button>
      <RecheckDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Unlock messages with a passkey"
        description="Your password opens your messages' key in this browser; then choose the passkey that will open them from now on. Neither your password nor the passkey's key is sent to the clinic."
        cancelLabel="Not now"
        actionLabel="Continue"
        busyLabel="Waiting for your passkey…"
        passwordOnly
        action={seal}
      />
    </>
  );
}

function PasskeyRow({ passkey }: { passkey: PasskeyView }) {
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const utils = trpc.useUtils();
  const remove = trpc.account.removePasskey.useMutation();

  return (
    <li data-testid="passkey" className="flex flex-col gap-4 py-5 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full border border-hairline bg-ivory-50 text-gold-700">
          <KeyRound className="size-5" strokeWidth={1.4} aria-hidden="true" />
        </span>
        <div className="grid gap-1">
          <p className="font-medium text-ink-900">{passkey.name}</p>
          <p className="text-sm text-muted-foreground">
            Added {formatDate(passkey.createdAt)} · {passkey.lastUsedAt ? `last used ${formatAgo(passkey.lastUsedAt)}` : "not used yet"}
          </p>
        </div>
      </div>
      <div className="ml-15 flex gap-2 self-start sm:ml-0 sm:self-center">
        <Button variant="outline" size="sm" onClick={() => setRenaming(true)} aria-label={`Rename ${passkey.name}`}>
          Rename
        </Button>
        <Button variant="outline" size="sm" onClick={() => setRemoving(true)} aria-label={`Remove ${passkey.name}`}>
          Remove
        </Button>
      </div>
      <RenamePasskeyDialog passkey={passkey} open={renaming} onClose={() => setRenaming(false)} />
      <RecheckDialog
        open={removing}
        onClose={() => setRemoving(false)}
        title={`Remove “${passkey.name}”?`}
        description="Confirm it is you. This passkey will no longer sign you in, and your other sessions will end."
        cancelLabel="Keep it"
        actionLabel="Remove"
        busyLabel="Removing..."
        action={async () => {
          await remove.mutateAsync({ id: passkey.id });
          await utils.account.invalidate();
          toast({ title: "Passkey removed", description: `“${passkey.name}” no longer signs you in.` });
        }}
      />
    </li>
  );
}
