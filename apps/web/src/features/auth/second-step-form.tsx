import { Button } from "@halcyon/ui/components/button";
import { KeyRound } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";

import { FormField } from "./form-field";
import { useSecondStep, type SecondStepMethod } from "./use-auth-mutations";

type SecondStepFormProps = {
  /** The second steps the member has: an authenticator app, passkeys, recovery codes. */
  methods: SecondStepMethod[];
  onSignedIn: () => void;
  /** Back to the password: the member chose to, or the pending sign-in expired. */
  onStartOver: () => void;
  /** Where to go once signed in, when the visitor was on their way somewhere. */
  next: string | undefined;
};

/** What the second-step page says under its heading, for the steps the member has. */
export function secondStepLead(methods: SecondStepMethod[]): string {
  const recovery = methods.includes("recovery_code");
  if (methods.includes("totp"))
    return `Your password was right. Enter the code from your authenticator app${recovery ? ", or one of your recovery codes" : ""}.`;
  if (methods.includes("passkey")) return `Your password was right. Confirm it is you with your passkey.${recovery ? " A recovery code works too." : ""}`;
  return "Your password was right. Enter one of your recovery codes.";
}

/** The second step of a two-step sign-in: the authenticator's code, a passkey, or one of the recovery codes. */
export function SecondStepForm({ methods, onSignedIn, onStartOver, next }: SecondStepFormProps) {
  const hasApp = methods.includes("totp");
  const hasPasskey = methods.includes("passkey");
  const [code, setCode] = useState("");
  const [useRecoveryCode, setUseRecoveryCode] = useState(!hasApp && !hasPasskey);
  const [problem, setProblem] = useState<string>();
  // A code the server did not accept is said under the field, like one that is not a code at all.
  const verify = useSecondStep(onSignedIn, onStartOver, next, setProblem);
  const busy = verify.isPending || verify.isSuccess;
  const typing = hasApp || useRecoveryCode;
  // The field with a problem takes the focus, once it is enabled again after the server's answer.
  useEffect(() => {
    if (problem && !busy) document.getElementById("second-step-code")?.focus();
  }, [problem, busy]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = code.trim();
    // Recovery codes are 20 letters and digits; one given before they grew has 10, and still works.
    if (useRecoveryCode ? ![10, 20].includes(typed.replace(/[\s-]/g, "").length) : !/^\d{6}$/.test(typed)) {
      setProblem(
        useRecoveryCode ? "A recovery code has 20 letters and digits, like ABCD-EFGH-JKMN-PQRS-TUVW." : "Enter the 6 digits your authenticator app shows.",
      );
      document.getElementById("second-step-code")?.focus();
      return;
    }
    setProblem(undefined);
    verify.mutate({ code: typed });
  };

  const passkeyButton = (label: string, variant: "default" | "outline") => (
    <Button type="button" size="lg" variant={variant} className="w-full" disabled={busy} onClick={() => verify.mutate("passkey")}>
      <KeyRound aria-hidden="true" />
      {busy && variant === "default" ? "Verifying..." : label}
    </Button>
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-6" aria-label="Two-step sign-in">
      {typing ? (
        <>
          <FormField
            id="second-step-code"
            label={useRecoveryCode ? "Recovery code" : "Code from your authenticator app"}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setProblem(undefined);
            }}
            disabled={busy}
            autoComplete="one-time-code"
            inputMode={useRecoveryCode ? "text" : "numeric"}
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={useRecoveryCode ? 32 : 6}
            aria-required
            aria-invalid={problem ? true : undefined}
            problem={problem}
            announce
            autoFocus
          />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? "Verifying..." : "Verify"}
          </Button>
          {hasPasskey && !useRecoveryCode ? passkeyButton("Use a passkey instead", "outline") : null}
        </>
      ) : (
        passkeyButton("Use your passkey", "default")
      )}
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        {methods.includes("recovery_code") ? (
          <Button
            type="button"
            variant="link"
            disabled={busy}
            onClick={() => {
              setUseRecoveryCode((current) => !current);
              setCode("");
              setProblem(undefined);
            }}
          >
            {!useRecoveryCode ? "Use a recovery code instead" : hasApp ? "Use your authenticator app" : "Use your passkey"}
          </Button>
        ) : null}
        <Button type="button" variant="link" disabled={busy} onClick={onStartOver}>
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
