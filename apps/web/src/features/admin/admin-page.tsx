import { Eyebrow } from "@halcyon/ui/components/eyebrow";
import { Ornament } from "@halcyon/ui/components/ornament";

import { Wash } from "../../components/wash";
import { useCurrentUser } from "../../lib/auth/current-user";
import { pageTitle } from "../../lib/clinic";
import { salutationFor } from "../../lib/greeting";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { EmergencyReviews } from "./emergency-reviews";
import { MessagingSetupNotice } from "./messaging-setup-notice";
import { QuickActions } from "./quick-actions";
import { RecentActivity } from "./recent-activity";
import { StatCards } from "./stat-cards";

function clinicDay(timeZone: string | undefined): string {
  const options: Intl.DateTimeFormatOptions = { weekday: "long", month: "long", day: "numeric" };
  try {
    return new Intl.DateTimeFormat("en-US", { ...options, timeZone }).format(new Date());
  } catch {
    return new Intl.DateTimeFormat("en-US", options).format(new Date());
  }
}

/** The admin dashboard (also "/" for admins): a greeting, the clinic's figures, the work, then what happened lately. */
export function AdminPage() {
  useDocumentTitle(pageTitle("Admin Dashboard"));
  const { user } = useCurrentUser();
  const stats = trpc.admin.stats.useQuery();

  return (
    <section className="relative isolate">
      <Wash className="inset-x-0 top-0 h-[44rem] bg-[radial-gradient(60rem_30rem_at_85%_-10%,var(--color-gold-200),transparent_70%),radial-gradient(40rem_24rem_at_-10%_60%,var(--color-sage-100),transparent_70%)] [mask-image:linear-gradient(to_bottom,black_55%,transparent)]" />
      <div className="mx-auto max-w-7xl px-5 pt-14 pb-24 sm:px-8 md:pt-20">
        <header className="animate-rise">
          <Eyebrow>Admin Dashboard</Eyebrow>
          <h1 className="mt-5 font-display text-5xl leading-[1.05] text-ink-900 md:text-6xl">
            {salutationFor(new Date())}
            {user ? `, ${user.firstName}.` : "."}
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-muted-foreground">
            The clinic on {clinicDay(stats.data?.timeZone)}: who is here, what is booked, and what has happened since you last looked.
          </p>
          <Ornament className="mt-9" />
        </header>

        <StatCards stats={stats} />

        <MessagingSetupNotice />

        <EmergencyReviews />

        <div className="mt-16 grid gap-12 lg:grid-cols-[1.15fr_1fr] lg:gap-14">
          <QuickActions />
          <RecentActivity />
        </div>
      </div>
    </section>
  );
}
