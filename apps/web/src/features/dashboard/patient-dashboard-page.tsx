import type { Appointment, PublicUser, TreatmentSession } from "@halcyon/domain/schemas";
import { averageRating, CHART_SCALE, recentNotes, VISIT_CLOSES_AFTER_MS } from "@halcyon/domain/rules";
import { Button } from "@halcyon/ui/components/button";
import { ArrowRight, CalendarCheck2, CalendarHeart, CalendarPlus, CircleCheckBig, NotebookText, Star } from "lucide-react";
import { useDeferredValue, useMemo, useState } from "react";
import { Link } from "react-router-dom";

import { EmptyState } from "../../components/empty-state";
import { MemberPage } from "../../components/member-page";
import { PageLoading } from "../../components/page-loading";
import { PageQueriesFallback, queriesSettled } from "../../components/page-queries-fallback";
import { ProgressChart } from "../../components/progress/progress-chart";
import { SessionNote } from "../../components/progress/session-note";
import { AppointmentRow } from "../../components/scheduling/appointment-row";
import { BookSessionDialog } from "../../components/scheduling/book-session-dialog";
import { SectionCard } from "../../components/section-card";
import { RecordDownloadLink } from "../../components/record-download-link";
import { IntakeBanner } from "../intake/intake-banner";
import { DueMeasures } from "../measures/due-measures";
import { MeasureTrends } from "../measures/measure-trends";
import { doctorTitle, hoursPhrase } from "../../lib/appointment-rules";
import { useCancellationWindowHours, useClinicZoneReads } from "../../lib/clinic-profile";
import { useCurrentUser } from "../../lib/auth/current-user";
import { useTimeFormat } from "../../lib/clinic-time-zone";
import { pageTitle } from "../../lib/clinic";
import { salutationFor } from "../../lib/greeting";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useNow } from "../../lib/use-now";
import { isVisitOpen } from "../../lib/visit-window";
import { JoinVisitButton } from "../../components/join-visit-button";
import { DashboardFrame } from "./dashboard-frame";
import { StatCard } from "./stat-card";

/** The specification's lists: the first 3 upcoming sessions, the latest 3 notes. */
const UPCOMING_SHOWN = 3;
const RECENT_NOTES_SHOWN = 3;
/** A session under way keeps its room open until half an hour after its end: read from that far back. */
const ROOM_OPEN_AFTER_START_MS = 60 * 60_000 + VISIT_CLOSES_AFTER_MS;
/** Sessions under way at once, read beside the upcoming ones. */
const UNDER_WAY_READ = 2;

export function PatientDashboardPage() {
  useDocumentTitle(pageTitle("Your dashboard"));
  const { user } = useCurrentUser();
  const [loadedAt] = useState(() => new Date());
  // One batch on load: every read of the page is issued in the same render.
  const summary = trpc.appointments.summary.useQuery();
  const scheduled = trpc.appointments.list.useQuery({
    from: new Date(loadedAt.getTime() - ROOM_OPEN_AFTER_START_MS).toISOString(),
    order: "asc",
    status: "scheduled",
    limit: UPCOMING_SHOWN + UNDER_WAY_READ,
  });
  const sessions = trpc.treatmentSessions.list.useQuery({ userId: user?.id ?? 0 }, { enabled: user !== null });
  // Its times say when the viewer is not in the clinic's time zone: they wait for the zone.
  const zoneReads = useClinicZoneReads();
  // Read here, in the page's batch, for IntakeBanner, DueMeasures and YourQuestionnaires (which read them from the cache).
  trpc.intake.mine.useQuery();
  trpc.measures.due.useQuery();
  trpc.measures.history.useQuery({ patientId: user?.id ?? 0 }, { enabled: user !== null });

  const loaded = useMemo(
    () => (summary.data && scheduled.data && sessions.data ? { summary: summary.data, scheduled: scheduled.data, sessions: sessions.data } : undefined),
    [summary.data, scheduled.data, sessions.data],
  );
  // The page renders its content in a transition once its reads are in: React then yields to the
  // browser every few milliseconds, so a tap or a scroll waits for a slice of the render, not for
  // all of it (on a phone, about 300 ms in one piece).
  const shown = useDeferredValue(loaded);

  if (!user) return null;
  const queries = [summary, scheduled, sessions, ...zoneReads];
  if (!queriesSettled(queries)) return <PageQueriesFallback queries={queries} loading="Preparing your dashboard" what="your dashboard" />;
  if (!shown) return <PageLoading label="Preparing your dashboard" />;

  return (
    <DashboardFrame>
      <PatientDashboard
        user={user}
        summary={shown.summary}
        scheduled={shown.scheduled}
        upcoming={shown.scheduled.filter((appointment) => Date.parse(appointment.startTime) > loadedAt.getTime()).slice(0, UPCOMING_SHOWN)}
        sessions={shown.sessions}
      />
    </DashboardFrame>
  );
}

type PatientDashboardProps = {
  user: PublicUser;
  summary: { upcoming: number; completed: number };
  /** Booked sessions from those still under way on. */
  scheduled: Appointment[];
  upcoming: Appointment[];
  sessions: TreatmentSession[];
};

function PatientDashboard({ user, summary, scheduled, upcoming, sessions }: PatientDashboardProps) {
  const format = useTimeFormat();
  const now = useNow();
  const roomOpen = scheduled.find((appointment) => isVisitOpen(appointment, now));
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
          <RecordDownloadLink patientId={user.id} label="Your record (PDF)" />
        </>
      }
    >
      {roomOpen ? <OpenRoom appointment={roomOpen} viewer={user} /> : null}
      <IntakeBanner />
      <DueMeasures />
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
        <SectionCard title="Progress Over Time" description="How your therapist has rated your recent sessions, out of 10.">
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
      <YourQuestionnaires patientId={user.id} />

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
        : `Sessions can be moved online until ${hoursPhrase(windowHours)} before they begin, and cancelled at any time; a cancellation after that is recorded as late.`}
    </p>
  );
}

/** A session whose video room is open now: the way in, first thing on the page. */
function OpenRoom({ appointment, viewer }: { appointment: Appointment; viewer: PublicUser }) {
  const format = useTimeFormat();
  return (
    <section
      aria-label="Your session is open"
      className="mb-8 flex flex-col gap-4 rounded-2xl border border-gold-400 bg-ivory-50 p-6 shadow-soft sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="grid gap-1">
        <p className="font-display text-2xl text-ink-900">Your session with {doctorTitle(appointment.doctorName)} is open</p>
        <p className="text-sm text-muted-foreground">
          <span className="whitespace-nowrap">{format.timeRange(appointment.startTime, appointment.endTime)}</span>. Join when you are ready; your therapist
          will admit you.
        </p>
      </div>
      <JoinVisitButton appointment={appointment} viewer={viewer} />
    </section>
  );
}

/** The patient's own questionnaires over time, once there are any. */
function YourQuestionnaires({ patientId }: { patientId: number }) {
  const { data: measures = [] } = trpc.measures.history.useQuery({ patientId });
  if (measures.length === 0) return null;
  return (
    <SectionCard title="Your Questionnaires" description="PHQ-9 and GAD-7 over time, their bands shaded." className="mt-8">
      <MeasureTrends measures={measures} subject="you" />
    </SectionCard>
  );
}
