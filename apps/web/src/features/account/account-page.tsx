import type { MemberSessionView } from "@halcyon/domain/schemas";
import { Badge } from "@halcyon/ui/components/badge";
import { Button } from "@halcyon/ui/components/button";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { Laptop } from "lucide-react";
import { useRef } from "react";

import { LoadFailed } from "../../components/load-failed";
import { MemberPage } from "../../components/member-page";
import { PageLoading } from "../../components/page-loading";
import { SectionCard } from "../../components/section-card";
import { useCurrentUser } from "../../lib/auth/current-user";
import { pageTitle } from "../../lib/clinic";
import { useTimeFormat } from "../../lib/clinic-time-zone";
import { formatAgo } from "../../lib/time-format";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { OwnCredentials } from "../billing-documents/own-credentials";
import { ContactSection } from "./contact-section";
import { describeDevice } from "./device";
import { NoticesSection } from "./notices-section";
import { PasskeysSection } from "./passkeys-section";
import { PasswordSection } from "./password-section";
import { TwoStepSection } from "./two-step-section";

/** A member's own account: two-step sign-in and passkeys, the password, their email address and time zone, and where they are signed in with a way to end any session they don't recognise. */
export function AccountPage() {
  useDocumentTitle(pageTitle("Your account"));
  const { user } = useCurrentUser();
  const sessions = trpc.account.sessions.useQuery();
  const sessionList = useRef<HTMLUListElement>(null);
  const utils = trpc.useUtils();
  const endOthers = trpc.account.endOtherSessions.useMutation({
    onSuccess: async ({ ended }) => {
      await utils.account.sessions.invalidate();
      toast({ title: "Signed out elsewhere", description: ended === 1 ? "Your other session has ended." : `Your ${ended} other sessions have ended.` });
    },
    onError: (error) => toast({ title: "Error", description: error.message, variant: "destructive" }),
  });
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <MemberPage
      eyebrow="Security"
      title="Your account"
      lead="How you sign in, where we write to you, and every device signed in to your account. If you don't recognise one, sign it out: it will need your password again."
    >
      <div className="grid gap-8">
        <TwoStepSection />
        <PasskeysSection />
        {user ? <PasswordSection user={user} /> : null}
        <ContactSection />
        <NoticesSection />
        {user?.role === "doctor" ? <OwnCredentials doctorId={user.id} /> : null}
        <SectionCard
          title="Where you are signed in"
          description="The most recently used first."
          action={
            others > 0 ? (
              <Button variant="outline" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
                {endOthers.isPending ? "Signing out..." : "Sign out everywhere else"}
              </Button>
            ) : null
          }
        >
          {sessions.isPending ? (
            <PageLoading label="Loading your sessions" />
          ) : sessions.isError ? (
            <LoadFailed what="your sessions" reason={sessions.error.message} onRetry={() => void sessions.refetch()} retrying={sessions.isFetching} />
          ) : (
            <ul ref={sessionList} tabIndex={-1} className="divide-y divide-hairline outline-none" aria-label="Your sessions">
              {sessions.data.map((session) => (
                // A row signed out is gone with its button: the focus goes to the list.
                <SessionRow key={session.id} session={session} onEnded={() => sessionList.current?.focus()} />
              ))}
            </ul>
          )}
        </SectionCard>
      </div>
    </MemberPage>
  );
}

function SessionRow({ session, onEnded }: { session: MemberSessionView; onEnded: () => void }) {
  const format = useTimeFormat();
  const utils = trpc.useUtils();
  const device = describeDevice(session.userAgent);
  const signedInAt = format.dayAndTime(session.createdAt);
  const end = trpc.account.endSession.useMutation({
    onSuccess: async () => {
      await utils.account.sessions.invalidate();
      onEnded();
      toast({ title: "Session ended", description: `${device} is signed out.` });
    },
    onError: (error) => toast({ title: "Error", description: error.message, variant: "destructive" }),
  });

  return (
    <li data-testid="session" className="flex flex-col gap-4 py-5 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full border border-hairline bg-ivory-50 text-gold-700">
          <Laptop className="size-5" strokeWidth={1.4} aria-hidden="true" />
        </span>
        <div className="grid gap-1">
          <p className="flex flex-wrap items-center gap-2 font-medium text-ink-900">
            {device}
            {session.current ? <Badge tone="sage">This device</Badge> : null}
          </p>
          <p className="text-sm text-muted-foreground">
            Signed in {signedInAt}
            {session.ip ? ` from ${session.ip}` : ""} <span className="whitespace-nowrap">· last seen {formatAgo(session.lastSeenAt)}</span>
          </p>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          className="ml-15 self-start sm:ml-0 sm:self-center"
          disabled={end.isPending}
          onClick={() => end.mutate({ id: session.id })}
          // Several devices may share a name ("Chrome on Linux"): when each signed in tells them apart.
          aria-label={`Sign out ${device}, signed in ${signedInAt}`}
        >
          {end.isPending ? "Signing out..." : "Sign out"}
        </Button>
      )}
    </li>
  );
}
