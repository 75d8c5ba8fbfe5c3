import { Button } from "@halcyon/ui/components/button";
import { useCallback } from "react";
import { Link } from "react-router-dom";

import { PageLoading } from "../../components/page-loading";
import { StatusPage } from "../../components/status-page";
import { useCurrentUser } from "../../lib/auth/current-user";
import { pageTitle } from "../../lib/clinic";
import { useFollowOnce, useLinkToken } from "../../lib/link-token";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";

const INCOMPLETE = "This link is not complete: open it from the email again, or send a new one from your account page.";

/** Opened from the verification email: the link is the proof, so it works signed out too. */
export function VerifyEmailPage() {
  useDocumentTitle(pageTitle("Confirm your email address"));
  const token = useLinkToken();
  const { user } = useCurrentUser();
  const verify = trpc.account.verifyEmail.useMutation();
  const { mutate } = verify;
  useFollowOnce(
    token,
    useCallback((given: string) => mutate({ token: given }), [mutate]),
  );
  const onwards = user ? (
    <Button asChild size="lg">
      <Link to="/account">Go to your account</Link>
    </Button>
  ) : (
    <Button asChild size="lg">
      <Link to="/auth">Sign in</Link>
    </Button>
  );

  if (verify.isSuccess) {
    return (
      <StatusPage
        glow="sage"
        eyebrow="Email address"
        title="Your email address is confirmed"
        lead={`We will write to ${verify.data.email} about your appointments and your account, and never about anything else.`}
        actions={onwards}
      />
    );
  }
  if (!token || verify.isError) {
    return (
      <StatusPage glow="gold" eyebrow="Email address" title="We could not confirm this address" lead={verify.error?.message ?? INCOMPLETE} actions={onwards} />
    );
  }
  return <PageLoading label="Confirming your email address" />;
}
