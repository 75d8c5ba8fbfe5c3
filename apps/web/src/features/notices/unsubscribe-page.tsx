import { Button } from "@halcyon/ui/components/button";
import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";

import { PageLoading } from "../../components/page-loading";
import { StatusPage } from "../../components/status-page";
import { pageTitle } from "../../lib/clinic";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";

/**
 * Where an email's unsubscribe link lands when a mail client opens it (GET
 * /api/notices/unsubscribe redirects here): it says what the link turns off, and turns it off
 * only when the reader asks, since mail scanners open links too. No sign-in: the link is signed.
 */
export function UnsubscribePage() {
  useDocumentTitle(pageTitle("Unsubscribe"));
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const link = trpc.notices.unsubscribeLink.useQuery({ token }, { retry: false });
  const unsubscribe = trpc.notices.unsubscribe.useMutation();
  const [done, setDone] = useState(false);
  const toAccount = (
    <Button asChild size="lg" variant="outline">
      <Link to="/account">Choose your notices</Link>
    </Button>
  );

  if (link.isPending) return <PageLoading label="Reading your link" />;
  if (link.isError) {
    return <StatusPage glow="gold" eyebrow="Unsubscribe" title="This link cannot be used" lead={link.error.message} actions={toAccount} />;
  }
  const what = link.data.label.toLowerCase();
  if (done) {
    return (
      <StatusPage
        glow="sage"
        eyebrow="Unsubscribed"
        title="You are unsubscribed"
        lead={`You will no longer get ${what} by email. Every other notice stays as it was; you can turn this one back on from your account page.`}
        actions={toAccount}
      />
    );
  }
  return (
    <StatusPage
      glow="gold"
      eyebrow="Unsubscribe"
      title={`Stop emails about ${what}?`}
      lead={
        unsubscribe.isError
          ? unsubscribe.error.message
          : `You will no longer get ${what} by email. Other notices, and everything in your account, stay as they are.`
      }
      actions={
        <>
          <Button size="lg" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate({ token }, { onSuccess: () => setDone(true) })}>
            {unsubscribe.isPending ? "Unsubscribing..." : "Unsubscribe"}
          </Button>
          {toAccount}
        </>
      }
    />
  );
}
