import { averageRating, CHART_SCALE, recentNotes, type Appointment, type PublicUser, type TreatmentSession } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { TooltipProvider } from "@halcyon/ui/components/tooltip";
import { ArrowRight, CalendarCheck2, CalendarHeart, CalendarPlus, CircleCheckBig, NotebookText, Star } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";

import { EmptyState } from "../../components/empty-state";
import { MemberPage } from "../../components/member-page";
import { PageQueriesFallback, queriesSettled } from "../../components/page-queries-fallback";
import { ProgressChart } from "../../components/progress/progress-chart";
import { SessionNote } from "../../components/progress/session-note";
import { AppointmentDialogsProvider } from "../../components/scheduling/appointment-dialogs";
import { AppointmentRow } from "../../components/scheduling/appointment-row";
import { BookSessionDialog } from "../../components/scheduling/book-session-dialog";
import { SectionCard } from "../../components/section-card";
import { doctorTitle, hoursPhrase } from "../../lib/appointment-rules";
import { useCancellationWindowHours } from "../../lib/clinic-profile";
import { useCurrentUser } from "../../lib/auth/current-user";
import { ClinicTimeZoneProvider, useTimeFormat } from "../../lib/clinic-time-zone";
import { pageTitle } from "../../lib/clinic";
import { salutationFor } from "../../lib/greeting";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { StatCard } from "./stat-card";

/** The specification's lists: the first 3 upcoming sessions, the latest 3 notes. */
const UPCOMING_SHOWN = 3;
const RECENT_NOTES_SHOWN = 3;

export function PatientDashboardPage() {
  useDocumentTitle(pageTitle("Your dashboard"));
  const { user } = useCurrentUser();
  const [loadedAt] = useState(() => new Date().toISOString());
  // One batch on load: every read of the page is issued in the same render.
  const summary = trpc.appointments.summary.useQuery();
  const upcoming = trpc.appointments.list.useQuery({ from: loadedAt, order: "asc", status: "scheduled", limit: UPCOMING_SHOWN });
  const sessions = trpc.treatmentSessions.list.useQuery({ userId: user?.id ?? 0 }, { enabled: user !== null });

  if (!user) return null;
  const queries = [summary, upcoming, sessions];
  if (!queriesSettled(queries) || !summary.data || !upcoming.data || !sessions.data) {
    return <PageQueriesFallback queries={queries} loading="Preparing your dashboard" what="your dashboard" />;
  }

  return (
    <TooltipProvider>
      <ClinicTimeZoneProvider timeZone={summary.data.timeZone}>
        <AppointmentDialogsProvider>
          <PatientDashboard user={user} summary={summary.data} upcoming={upcoming.data} sessions={sessions.data} />
        </AppointmentDialogsProvider>
      </ClinicTimeZoneProvider>
    </TooltipProvider>
  );
}

type PatientDashboardProps = {
  user: PublicUser;
  summary: { upcoming: number; completed: number };
  upcoming: Appointment[];
  sessions: TreatmentSession[];
};

function PatientDashboard({ user, summary, upcoming, sessions }: PatientDashboardProps) {
  const format = useTimeFormat();
  const [booking, setBooking] = useState(false);
  const average = averageRating(sessions);
  const notes = recentNotes(sessions, RECENT_NOTES_SHOWN);
  const next = upcoming[0];
  const bookButton = (
    <Button onClick={() => setBooking(true)}>
      <CalendarPlus aria-hidden="true" />
      Book Session
    </Button>
  );

  return (
    <MemberPage
      eyebrow="Your dashboard"
      title={`${salutationFor(new Date())}, ${user.firstName}.`}
      lead={
        next
          ? `Your next session is ${format.dayAndTime(next.startTime)}, with ${doctorTitle(next.doctorName)}.`
          : "You have no sessions booked at the moment. Whenever you are ready, we are here."
      }
      actions={
        <>
          {bookButton}
          <Button asChild variant="outline">
            <Link to="/appointments">Your calendar</Link>
          </Button>
        </>
      }
    >
      <div className="grid gap-5 sm:grid-cols-3">
        <StatCard label="Upcoming sessions" value={summary.upcoming} caption="Booked and ahead of you" icon={CalendarCheck2} to="/appointments" />
        <StatCard label="Sessions complete" value={summary.completed} caption="Since you began with us" icon={CircleCheckBig} />
        <StatCard
          label="Average rating"
          value={
            average === null ? (
              "—"
            ) : (
              <>
                {average}
                <span className="ml-1 font-sans text-base text-muted-foreground">/ {CHART_SCALE}</span>
              </>
            )
          }
          caption={average === null ? "Appears after your first rated session" : "Your progress, out of 10"}
          icon={Star}
        />
      </div>

      <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1.55fr)_minmax(0,1fr)]">
        <SectionCard title="Progress Over Time" description="How you have rated your recent sessions, out of 10.">
          <ProgressChart sessions={sessions} />
        </SectionCard>

        <SectionCard
          title="Upcoming Sessions"
          action={
            upcoming.length > 0 ? (
              <Button asChild variant="link" size="sm" className="h-auto px-0">
                <Link to="/appointments">
                  All appointments <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            ) : null
          }
        >
          {upcoming.length === 0 ? (
            <EmptyState icon={CalendarHeart} title="No sessions booked" action={bookButton}>
              Choose a clinician and a time that suits you; it takes a minute.
            </EmptyState>
          ) : (
            <>
              <ul className="grid gap-6">
                {upcoming.slice(0, UPCOMING_SHOWN).map((appointment) => (
                  <li key={appointment.id} className="border-b border-ivory-300 pb-6 last:border-0 last:pb-0">
                    <AppointmentRow appointment={appointment} viewer={user} />
                  </li>
                ))}
              </ul>
              <ReschedulePolicy />
            </>
          )}
        </SectionCard>
      </div>

      <SectionCard title="Recent Activity" description="Reflections from your latest sessions." className="mt-8">
        {notes.length === 0 ? (
          <EmptyState icon={NotebookText} title="No session notes yet">
            After each session, your clinician&rsquo;s notes and rating will appear here.
          </EmptyState>
        ) : (
          <ul className="grid gap-6">
            {notes.map((session) => (
              <li key={session.id} className="border-b border-ivory-300 pb-6 last:border-0 last:pb-0">
                <SessionNote session={session} text={session.noteExcerpt} />
              </li>
            ))}
          </ul>
        )}
      </SectionCard>

      <BookSessionDialog open={booking} onOpenChange={setBooking} bookingFor={{ kind: "self" }} />
    </MemberPage>
  );
}

/** The clinic's rule for moving sessions, from its settings (said once they are known). */
function ReschedulePolicy() {
  const windowHours = useCancellationWindowHours();
  if (windowHours === undefined) return null;
  return (
    <p className="mt-6 border-t border-ivory-300 pt-5 text-xs leading-relaxed text-muted-foreground" data-testid="reschedule-policy">
      {windowHours === 0
        ? "Sessions can be moved online until they begin, and cancelled at any time."
        : `Sessions can be moved online until ${hoursPhrase(windowHours)} before they begin, and cancelled at any time.`}
    </p>
  );
}
