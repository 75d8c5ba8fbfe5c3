import type { PublicUser } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { CalendarPlus } from "lucide-react";
import { useState } from "react";

import { MemberPage } from "../../components/member-page";
import { PageQueriesFallback, queriesSettled } from "../../components/page-queries-fallback";
import { SectionCard } from "../../components/section-card";
import { useCurrentUser } from "../../lib/auth/current-user";
import { pageTitle } from "../../lib/clinic";
import { useClinicZoneReads } from "../../lib/clinic-profile";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useNow } from "../../lib/use-now";
import { JoinWaitlistDialog } from "./join-waitlist-dialog";
import { OfferList } from "./offer-list";
import { OwnEntries } from "./own-entries";
import { StaffWaitlist } from "./staff-waitlist";

/** /waitlist: a patient's offers and waitlists; a doctor's own waitlist; every waitlist for an admin. */
export function WaitlistPage() {
  useDocumentTitle(pageTitle("Waitlist"));
  const { user } = useCurrentUser();
  if (!user) return null;
  return user.role === "patient" ? <PatientWaitlist user={user} /> : <StaffWaitlistPage user={user} />;
}

function PatientWaitlist({ user }: { user: PublicUser }) {
  const [joining, setJoining] = useState(false);
  const now = useNow();
  const offers = trpc.waitlist.offers.useQuery();
  const entries = trpc.waitlist.list.useQuery();
  const zoneReads = useClinicZoneReads();
  const queries = [offers, entries, ...zoneReads];
  if (!queriesSettled(queries) || !offers.data || !entries.data)
    return <PageQueriesFallback queries={queries} loading="Opening your waitlist" what="your waitlist" />;

  // A hold that ran out here is gone, whether or not the server's sweep has closed it yet.
  const held = offers.data.filter((offer) => Date.parse(offer.expiresAt) > now.getTime());
  const joinButton = (
    <Button onClick={() => setJoining(true)}>
      <CalendarPlus aria-hidden="true" />
      Join a waitlist
    </Button>
  );
  return (
    <MemberPage
      eyebrow="Waitlist"
      title={`Waiting for a time, ${user.firstName}?`}
      lead="Tell us the days and times that suit you. When one is freed, it is offered to the people waiting in the order they joined, held for each for a few minutes."
      actions={joinButton}
    >
      <div className="grid gap-8">
        {held.length > 0 ? (
          <SectionCard title="Offered to you" description="Accept to book it; decline to let the next person have it.">
            <OfferList offers={held} />
          </SectionCard>
        ) : null}
        <SectionCard title="Your waitlists" description="You may leave a waitlist at any time.">
          <OwnEntries entries={entries.data} joinAction={joinButton} />
        </SectionCard>
      </div>
      <JoinWaitlistDialog open={joining} onOpenChange={setJoining} />
    </MemberPage>
  );
}

function StaffWaitlistPage({ user }: { user: PublicUser }) {
  const entries = trpc.waitlist.list.useQuery();
  if (!entries.data) return <PageQueriesFallback queries={[entries]} loading="Opening the waitlist" what="the waitlist" />;
  const isAdmin = user.role === "admin";
  return (
    <MemberPage
      eyebrow="Waitlist"
      title={isAdmin ? "Who is waiting." : `Your waitlist, Dr. ${user.lastName}.`}
      lead="Freed hours are offered to these patients one at a time, longest waiting first, by email and in the app. An offer never says whose session was cancelled."
    >
      <SectionCard title="Waiting" description="Longest waiting first.">
        <StaffWaitlist entries={entries.data} showDoctor={isAdmin} />
      </SectionCard>
    </MemberPage>
  );
}
