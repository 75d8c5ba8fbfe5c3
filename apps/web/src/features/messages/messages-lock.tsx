import type { PublicUser } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Input } from "@halcyon/ui/components/input";
import { Label } from "@halcyon/ui/components/label";
import { cn } from "@halcyon/ui/lib/utils";
import { KeyRound, LockKeyhole } from "lucide-react";
import { useId, useState, type FormEvent } from "react";

import { keyChanged, showRecoveryCode, useLockedMessagesSeen } from "../../lib/messaging-keys/key-events";
import { usePasskeyProof } from "../../lib/passkeys/use-passkey-proof";
import { trpc } from "../../lib/trpc";

const PASSKEY_CANNOT_OPEN =
  "This passkey does not open your messages yet. Use your password; you can then let a passkey open them, under Passkeys in your account.";

type Step = "password" | "recovery";

/**
 * Shown when sealed messages are on screen and this browser holds no key to open them (the member
 * signed in with a passkey, or this is a new device): the password opens the key, or a passkey the
 * member let open it (its PRF, nothing typed). After a password
 * reset the password no longer does; the recovery code then restores it, or the member starts
 * afresh with a new key (older messages stay sealed to the old one).
 */
export function MessagesLock({ user }: { user: PublicUser }) {
  const locked = useLockedMessagesSeen();
  const ids = { password: useId(), code: useId(), problem: useId() };
  const [step, setStep] = useState<Step>("password");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const hasPasskeys = (trpc.account.twoStep.useQuery(undefined, { enabled: locked }).data?.passkeys ?? 0) > 0;
  const passkeyProof = usePasskeyProof();
  if (!locked) return null;

  /** Runs an unlocking step; a failure is said in the step's words, or in its own (`ownWords`: a passkey's). */
  const run = async (work: () => Promise<void>, ownWords = false) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      setProblem(
        ownWords && error instanceof Error
          ? error.message
          : step === "password"
            ? "That password is not right. Please try again."
            : "That recovery code does not open your messages. Check it and try again.",
      );
    } finally {
      setBusy(false);
    }
  };

  const unlock = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { unlockOnThisDevice } = await import("../../lib/messaging-keys/unlock");
      const result = await unlockOnThisDevice(user, password);
      if (result.status === "needs-recovery") return setStep("recovery");
      if (result.status === "created") showRecoveryCode(result.recoveryCode);
      keyChanged();
    });
  };

  const withPasskey = () =>
    void run(async () => {
      const passkey = await passkeyProof();
      const { unlockOnThisDeviceWithPasskey } = await import("../../lib/messaging-keys/unlock");
      if (!(await unlockOnThisDeviceWithPasskey(user.id, passkey))) throw new Error(PASSKEY_CANNOT_OPEN);
      keyChanged();
    }, true);

  const restore = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { restoreWithRecoveryCode } = await import("../../lib/messaging-keys/unlock");
      await restoreWithRecoveryCode(user, code, password);
      keyChanged();
    });
  };

  const startAfresh = () =>
    void run(async () => {
      const { startAfresh: afresh } = await import("../../lib/messaging-keys/unlock");
      const result = await afresh(user, password);
      if (result.status === "created") showRecoveryCode(result.recoveryCode);
      keyChanged();
    });

  return (
    <section aria-labelledby={`${ids.problem}-title`} className="mx-5 mt-8 rounded-xl border border-gold-400 bg-card p-5 shadow-soft sm:mx-8 sm:p-6 md:mx-0">
      <div className="flex gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gold-200/60 text-gold-800">
          <LockKeyhole className="size-5" strokeWidth={1.4} aria-hidden="true" />
        </span>
        <div className="grid flex-1 gap-3">
          <h2 id={`${ids.problem}-title`} className="font-display text-xl text-ink-900">
            {step === "password" ? "Unlock your messages on this device" : "Your password was reset: use your recovery code"}
          </h2>
          <p className="text-sm leading-relaxed text-muted-foreground">
            {step === "password"
              ? "Your messages are sealed so that only you and your care team can read them. Your password opens them here: it is turned into a key in this browser, and neither the password nor that key is ever sent."
              : "Your new password does not open messages sealed before the reset. The recovery code you saved when your keys were made does. Without it, you can start afresh: new messages will be sealed, older ones stay sealed."}
          </p>
          {step === "password" ? (
            <form onSubmit={unlock} className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <LockField
                id={ids.password}
                label="Your password"
                className="flex-1"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={setPassword}
                disabled={busy}
                problemId={problem ? ids.problem : undefined}
              />
              <Button type="submit" disabled={busy || password === ""}>
                {busy ? "Unlocking…" : "Unlock"}
              </Button>
              {hasPasskeys ? (
                <Button type="button" variant="outline" disabled={busy} onClick={withPasskey}>
                  <KeyRound aria-hidden="true" />
                  Use a passkey
                </Button>
              ) : null}
            </form>
          ) : (
            <form onSubmit={restore} className="grid gap-3">
              <LockField
                id={ids.code}
                label="Recovery code"
                inputClassName="font-mono"
                autoComplete="off"
                value={code}
                onChange={setCode}
                disabled={busy}
                problemId={problem ? ids.problem : undefined}
              />
              <div className="flex flex-wrap gap-3">
                <Button type="submit" disabled={busy || code.trim() === ""}>
                  {busy ? "Restoring…" : "Restore my messages"}
                </Button>
                <Button type="button" variant="ghost" disabled={busy} onClick={startAfresh}>
                  Start afresh without it
                </Button>
              </div>
            </form>
          )}
          {problem ? (
            <p id={ids.problem} role="alert" className="text-sm text-rose-700">
              {problem}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}

type LockFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  /** The problem's id, when there is one: the field is marked invalid and described by it. */
  problemId: string | undefined;
  type?: "password" | "text";
  autoComplete: string;
  className?: string;
  inputClassName?: string;
};

function LockField({ id, label, value, onChange, disabled, problemId, type = "text", autoComplete, className, inputClassName }: LockFieldProps) {
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        autoComplete={autoComplete}
        spellCheck={false}
        className={inputClassName}
        value={value}
        disabled={disabled}
        aria-invalid={problemId ? true : undefined}
        aria-describedby={problemId}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
