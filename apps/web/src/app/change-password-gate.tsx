import type { PublicUser } from "@halcyon/domain/schemas";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { unlockMessagingAfterSignIn } from "../lib/messaging-keys/after-sign-in";
import { KeyRound, LockKeyhole, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";

import { AuthLayout, type Reassurance } from "../features/auth/auth-layout";
import { NewPasswordForm, type NewPasswordProblem } from "../features/auth/new-password-form";
import { setCurrentUser } from "../lib/auth/current-user";
import { passwordChange } from "../lib/auth/password-change";
import { rotateSession } from "../lib/auth/session-rotation";
import { CLINIC_NAME, pageTitle } from "../lib/clinic";
import { trpcClient } from "../lib/trpc";
import { useDocumentTitle } from "../lib/use-document-title";

const REASSURANCES: Reassurance[] = [
  { icon: KeyRound, text: "The one-time password stops working the moment you choose yours." },
  { icon: LockKeyhole, text: "Only you will know it: not the clinic, not your doctor, not us." },
  { icon: ShieldCheck, text: "Any other place you are signed in is signed out, for your safety." },
];

/**
 * Shown instead of any member page while the account still has the one-time password an admin or
 * doctor created it with: the member chooses their own before anything else, then the page they
 * asked for opens (or `continueTo`, when they arrived on the home page straight from signing in).
 */
export function ChangePasswordGate({ user, continueTo }: { user: PublicUser; continueTo?: string | undefined }) {
  useDocumentTitle(pageTitle("Choose your own password"));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<NewPasswordProblem>();

  const change = useMutation({
    // Refusals of the old cookie while it is replaced are expected. No current password is sent:
    // this session signed in with the one-time password moments ago, and the server knows it.
    // The new one is judged and derived here, and sent only as its authKey (password-change.ts).
    meta: { unauthorizedIsExpected: true },
    mutationFn: async ({ newPassword }: { newPassword: string }) => {
      const { input, sealKey } = await passwordChange(user, { newPassword });
      return { updated: await rotateSession(() => trpcClient.auth.changePassword.mutate(input)), unlock: { sealKey, password: newPassword } };
    },
    onSuccess: async ({ updated, unlock }) => {
      unlockMessagingAfterSignIn(updated, unlock);
      // Move on first (the next page still shows this gate for a moment), then open the door:
      // the other way round, the page underneath would flash by.
      if (continueTo) await navigate(continueTo, { replace: true });
      setCurrentUser(queryClient, updated);
      toast({ title: "Your password is set", description: `Welcome to ${CLINIC_NAME}, ${updated.firstName}. From now on, sign in with your own password.` });
      // Everything read meanwhile was read on the old cookie: read it again on the new one.
      await queryClient.invalidateQueries();
    },
    onError: (error) => {
      setProblem({ field: "newPassword", message: error.message });
      toast({ variant: "destructive", title: "Password not changed", description: error.message });
    },
  });
  const busy = change.isPending || change.isSuccess;

  return (
    <AuthLayout
      quote="A key of your own, before you step inside."
      reassurances={REASSURANCES}
      titleId="choose-password-title"
      eyebrow={<>One more step, {user.firstName}</>}
      title="Choose your own password"
      lead="You signed in with a one-time password from the clinic. Replace it with one only you know, and your pages will open. No need to type the one-time password again."
    >
      <NewPasswordForm
        owner={user}
        label="Choose your own password"
        busy={busy}
        problem={problem}
        onProblem={setProblem}
        onSubmit={(newPassword) => change.mutate({ newPassword })}
        submitLabel="Save my password"
        busyLabel="Saving your password…"
      />
    </AuthLayout>
  );
}
