import { Badge } from "@halcyon/ui/components/badge";
import { Button } from "@halcyon/ui/components/button";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { useEffect, useState, type FormEvent } from "react";

import { CopyField } from "../../components/copy-field";
import { LoadFailed } from "../../components/load-failed";
import { PageLoading } from "../../components/page-loading";
import { SectionCard } from "../../components/section-card";
import { RecheckDialog } from "./recheck-dialog";
import { useRecoveryCodesOnce } from "./recovery-codes";
import { trpc } from "../../lib/trpc";
import { FormField } from "../auth/form-field";

type Setup = { secret: string; otpauthUrl: string };

/**
 * Two-step sign-in from the member's own account: set up an authenticator app (scan, then confirm
 * with a first code), keep the recovery codes shown once, or turn it off: either after confirming the password.
 */
export function TwoStepSection({
  onTurnedOn,
  enrolmentCode,
}: {
  /** Once it is on and the recovery codes are put away. */
  onTurnedOn?: () => void;
  /** The code an admin gave a doctor or admin who must set up two-step sign-in (the gate asks for it). */
  enrolmentCode?: string;
} = {}) {
  const status = trpc.account.twoStep.useQuery();
  const [setup, setSetup] = useState<Setup>();
  const recoveryCodes = useRecoveryCodesOnce(onTurnedOn);
  const [confirming, setConfirming] = useState(false);
  const begin = trpc.account.beginTotp.useMutation();

  let body;
  if (recoveryCodes.panel) body = recoveryCodes.panel;
  else if (setup)
    body = (
      <ConfirmSetup
        setup={setup}
        enrolmentCode={enrolmentCode}
        onCancel={() => setSetup(undefined)}
        onConfirmed={(codes) => {
          setSetup(undefined);
          recoveryCodes.show(codes);
        }}
      />
    );
  else if (status.isPending) body = <PageLoading label="Loading your two-step sign-in" />;
  else if (status.isError)
    body = <LoadFailed what="your two-step sign-in" reason={status.error.message} onRetry={() => void status.refetch()} retrying={status.isFetching} />;
  else if (status.data.totp) body = <TurnedOn recoveryCodesLeft={status.data.recoveryCodesLeft} passkeys={status.data.passkeys} />;
  else
    body = (
      <div className="grid gap-5">
        <p className="max-w-2xl text-muted-foreground">
          Add a code from an authenticator app on your phone to your password, so a stolen password alone cannot open your account.
        </p>
        <Button className="w-fit" onClick={() => setConfirming(true)}>
          Set up an authenticator app
        </Button>
        <RecheckDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title="Set up two-step sign-in"
          description="Confirm it is you with your password. Your other sessions will end once it is on."
          cancelLabel="Not now"
          actionLabel="Continue"
          busyLabel="Preparing..."
          action={async () => setSetup(await begin.mutateAsync())}
          focusOnClose={() => document.getElementById("totp-first-code")}
        />
      </div>
    );

  return (
    <SectionCard
      title="Authenticator app"
      description="A code from your phone as well as your password."
      action={status.data?.totp && !recoveryCodes.panel ? <Badge tone="sage">On</Badge> : null}
    >
      {body}
    </SectionCard>
  );
}

function ConfirmSetup({
  setup,
  enrolmentCode,
  onCancel,
  onConfirmed,
}: {
  setup: Setup;
  enrolmentCode: string | undefined;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  /** The QR code as an image's address, or "unavailable" when its library could not be loaded (the key below still works). */
  const [qr, setQr] = useState<string>();
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string>();
  const utils = trpc.useUtils();
  const confirm = trpc.account.confirmTotp.useMutation({
    onSuccess: async ({ recoveryCodes }) => {
      await utils.account.invalidate();
      toast({ title: "Two-step sign-in is on", description: "Keep your recovery codes somewhere safe." });
      onConfirmed(recoveryCodes);
    },
    onError: (error) => setProblem(error.message),
  });

  useEffect(() => {
    let live = true;
    // The QR code's library loads only when someone sets up an authenticator, not with every account page.
    void import("qrcode")
      .then(({ default: QRCode }) => QRCode.toDataURL(setup.otpauthUrl, { margin: 1, width: 200, color: { dark: "#14161f", light: "#fdfbf7" } }))
      .then(
        (url) => live && setQr(url),
        () => live && setQr("unavailable"),
      );
    return () => {
      live = false;
    };
  }, [setup.otpauthUrl]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setProblem("Enter the 6 digits your authenticator app shows.");
      return;
    }
    setProblem(undefined);
    confirm.mutate({ code: code.trim(), ...(enrolmentCode ? { enrolmentCode } : {}) });
  };

  return (
    <div className="grid gap-8 md:grid-cols-[auto_1fr] md:items-start">
      <div className="mx-auto size-[200px] rounded-lg border border-hairline bg-ivory-50 p-0">
        {qr === "unavailable" ? (
          <p className="grid h-full place-items-center p-5 text-center text-sm text-muted-foreground">
            The QR code could not be shown. Type in the key instead.
          </p>
        ) : qr ? (
          <img src={qr} alt="QR code to scan with your authenticator app" width={200} height={200} className="rounded-lg" />
        ) : null}
      </div>
      <form noValidate onSubmit={submit} className="grid gap-5" aria-label="Confirm your authenticator app">
        <ol className="grid list-decimal gap-2 pl-5 text-muted-foreground">
          <li>Scan the code with your authenticator app, or type in the key below.</li>
          <li>Enter the 6-digit code it shows.</li>
        </ol>
        <CopyField label="Setup key" value={setup.secret} mono />
        <FormField
          id="totp-first-code"
          label="Code from your authenticator app"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? "totp-first-code-problem" : undefined}
        />
        {problem ? (
          <p id="totp-first-code-problem" role="alert" className="-mt-3 text-sm text-destructive">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? "Turning on..." : "Turn on two-step sign-in"}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel} disabled={confirm.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

/** The app is on. Turning it off leaves two-step sign-in on while the member has passkeys. */
function TurnedOn({ recoveryCodesLeft, passkeys }: { recoveryCodesLeft: number; passkeys: number }) {
  const staysOn = passkeys > 0;
  const [confirming, setConfirming] = useState(false);
  const utils = trpc.useUtils();
  const turnOff = trpc.account.turnOffTotp.useMutation();
  return (
    <div className="grid gap-5">
      <p className="max-w-2xl text-muted-foreground">
        Signing in asks for a code from your authenticator app after your password. You have {recoveryCodesLeft} recovery{" "}
        {recoveryCodesLeft === 1 ? "code" : "codes"} left.
      </p>
      <Button variant="outline" className="w-fit" onClick={() => setConfirming(true)}>
        {staysOn ? "Remove the authenticator app" : "Turn off two-step sign-in"}
      </Button>
      <RecheckDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={staysOn ? "Remove the authenticator app?" : "Turn off two-step sign-in?"}
        description="Confirm it is you with your password. Your other sessions will end."
        cancelLabel="Keep it on"
        actionLabel={staysOn ? "Remove" : "Turn off"}
        busyLabel={staysOn ? "Removing..." : "Turning off..."}
        action={async () => {
          await turnOff.mutateAsync();
          await utils.account.invalidate();
          if (staysOn) toast({ title: "Authenticator app removed", description: "Your passkeys still sign you in after your password." });
          else toast({ title: "Two-step sign-in is off", description: "Your password alone signs you in again." });
        }}
      />
    </div>
  );
}
