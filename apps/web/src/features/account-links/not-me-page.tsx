import { Button } from "@halcyon/ui/components/button";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router-dom";

import { StatusPage } from "../../components/status-page";
import { refreshCurrentUser } from "../../lib/auth/current-user";
import { pageTitle } from "../../lib/clinic";
import { useLinkToken } from "../../lib/link-token";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";

/**
 * Opened from a security notice's "This was not me": asks first (a link followed by a mail
 * scanner must not sign anyone out), then ends every session of the member, tells the clinic,
 * and points to setting a new password.
 */
export function NotMePage() {
  useDocumentTitle(pageTitle("This was not me"));
  const token = useLinkToken();
  const queryClient = useQueryClient();
  const report = trpc.account.reportNotMe.useMutation({
    // This browser may have been signed in as the member: it is signed out with the rest.
    onSuccess: () => refreshCurrentUser(queryClient),
  });

  if (report.isSuccess) {
    return (
      <StatusPage
        glow="sage"
        eyebrow="Your account is safe again"
        title="You are signed out everywhere"
        lead="We have told the clinic's administrators. Now set a new password: choose Forgot password? on the sign-in page, and we will send you a link."
        actions={
          <Button asChild size="lg">
            <Link to="/auth?forgot=1">Set a new password</Link>
          </Button>
        }
      />
    );
  }
  return (
    <StatusPage
      glow="gold"
      eyebrow="A change to your account"
      title="This was not me"
      lead={
        report.error?.message ??
        (token
          ? "If you did not make the change we wrote to you about, someone else may be using your account. We will sign you out everywhere, including here, and tell the clinic."
          : "This link is not complete: open it from the email again.")
      }
      actions={
        token && !report.isError ? (
          <Button size="lg" disabled={report.isPending} onClick={() => report.mutate({ token })}>
            {report.isPending ? "Signing you out everywhere…" : "Sign me out everywhere"}
          </Button>
        ) : (
          <Button asChild size="lg">
            <Link to="/auth">Go to sign in</Link>
          </Button>
        )
      }
    />
  );
}
