import { Button } from "@halcyon/ui/components/button";
import { useMutation } from "@tanstack/react-query";
import { KeyRound, LockKeyhole, MessageSquareLock } from "lucide-react";
import { useCallback, useState } from "react";
import { Link } from "react-router-dom";

import { PageLoading } from "../../components/page-loading";
import { StatusPage } from "../../components/status-page";
import { PasswordRefused, requireAcceptablePassword } from "../../lib/auth/password-secrets";
import { pageTitle } from "../../lib/clinic";
import { useFollowOnce, useLinkToken } from "../../lib/link-token";
import { trpc, trpcClient } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { AuthLayout, type Reassurance } from "../auth/auth-layout";
import { NewPasswordForm, type NewPasswordProblem } from "../auth/new-password-form";

const REASSURANCES: Reassurance[] = [
  { icon: LockKeyhole, text: "Your new password never leaves this device: only a key made from it does." },
  { icon: KeyRound, text: "Everywhere you were signed in is signed out, and this link stops working." },
  { icon: MessageSquareLock, text: "Your messages open again with the recovery code you saved when you joined." },
];

/**
 * Opened from a password-reset email: the member chooses a new password, judged by the clinic's
 * rules and turned into its authKey here (with their own salt and parameters, which the link's
 * account gives), so the server never sees it. Nobody is signed in: the member signs in with it
 * next (their second step too), and their messages then ask for the recovery code, as after an
 * admin's reset.
 */
export function ResetPasswordPage() {
  useDocumentTitle(pageTitle("Choose a new password"));
  const token = useLinkToken();
  const account = trpc.auth.resetLinkAccount.useMutation();
  const { mutate } = account;
  useFollowOnce(
    token,
    useCallback((given: string) => mutate({ token: given }), [mutate]),
  );
  const [problem, setProblem] = useState<NewPasswordProblem>();
  const reset = useMutation({
    mutationFn: async (newPassword: string) => {
      const owner = account.data!;
      await requireAcceptablePassword(newPassword, owner);
      const { deriveSecrets } = await import("@halcyon/sealed");
      const { authKey } = await deriveSecrets(newPassword, owner.kdf);
      await trpcClient.auth.resetPassword.mutate({ token, authKey });
    },
    onError: (error) => setProblem({ field: "newPassword", message: error.message }),
  });

  if (reset.isSuccess) {
    return (
      <StatusPage
        glow="sage"
        eyebrow="Password"
        title="Your new password is set"
        lead="You are signed out everywhere. Sign in with your new password; your messages will then ask once for your recovery code."
        actions={
          <Button asChild size="lg">
            <Link to="/auth">Sign in</Link>
          </Button>
        }
      />
    );
  }
  // A link the server no longer accepts (used, expired, the password changed since), or a refusal at saving it other than the password's own.
  const linkProblem = !token
    ? "This link is not complete: open it from the email again."
    : (account.error?.message ??
      (reset.error && !(reset.error instanceof PasswordRefused) && /link/i.test(reset.error.message) ? reset.error.message : undefined));
  if (linkProblem) {
    return (
      <StatusPage
        glow="gold"
        eyebrow="Password"
        title="This link cannot set a password"
        lead={linkProblem}
        actions={
          <Button asChild size="lg">
            <Link to="/auth?forgot=1">Ask for a new link</Link>
          </Button>
        }
      />
    );
  }
  if (!account.data) return <PageLoading label="Opening your link" />;
  return (
    <AuthLayout
      quote="A fresh key, and the door opens again."
      reassurances={REASSURANCES}
      titleId="reset-password-title"
      eyebrow={<>Hello {account.data.firstName}</>}
      title="Choose a new password"
      lead={`For your account ${account.data.username}. The link works once.`}
    >
      <NewPasswordForm
        owner={account.data}
        label="Choose a new password"
        busy={reset.isPending}
        problem={problem}
        onProblem={setProblem}
        onSubmit={(newPassword) => reset.mutate(newPassword)}
        submitLabel="Save my new password"
        busyLabel="Saving your password…"
      />
    </AuthLayout>
  );
}
