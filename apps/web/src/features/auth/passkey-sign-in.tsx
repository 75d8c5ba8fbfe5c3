import { Button } from "@halcyon/ui/components/button";
import { KeyRound } from "lucide-react";

import { browserHasPasskeys } from "../../lib/passkeys/ceremonies";
import { usePasskeySignIn } from "./use-auth-mutations";

type PasskeySignInProps = {
  onSignedIn: () => void;
  next: string | undefined;
  /** While the password form is busy. */
  disabled: boolean;
};

/** "Sign in with a passkey": the whole sign-in, no username or password (browsers without passkeys do not show it). */
export function PasskeySignIn({ onSignedIn, next, disabled }: PasskeySignInProps) {
  const signIn = usePasskeySignIn(onSignedIn, next);
  if (!browserHasPasskeys()) return null;
  const busy = signIn.isPending || signIn.isSuccess;
  return (
    <div className="grid gap-6">
      <div className="flex items-center gap-4 text-xs tracking-[0.2em] text-muted-foreground uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-hairline" />
        or
        <span className="h-px flex-1 bg-hairline" />
      </div>
      <Button type="button" size="lg" variant="outline" className="w-full" disabled={disabled || busy} onClick={() => signIn.mutate()}>
        <KeyRound aria-hidden="true" />
        {busy ? "Signing In..." : "Sign in with a passkey"}
      </Button>
    </div>
  );
}
