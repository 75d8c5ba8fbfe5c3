import type { ActivityEvent, Appointment, AppointmentSummary, PublicUser, WaitingPatientView } from "@halcyon/domain/schemas";
import { Badge } from "@halcyon/ui/components/badge";
import { Button } from "@halcyon/ui/components/button";
import {
  CalendarClock,
  CalendarPlus,
  CalendarRange,
  CalendarX2,
  ChartSpline,
  MessageSquareText,
  NotebookPen,
  Play,
  Sunrise,
  UserPlus,
  UsersRound,
  type LucideIcon,
} from "lucide-react";
import { useDeferredValue, useMemo, useState } from "react";
import { Link } from "react-router-dom";

import { EmptyState } from "../../components/empty-state";
import { MemberPage } from "../../components/member-page";
import { PageLoading } from "../../components/page-loading";
import { PageQueriesFallback, queriesSettled } from "../../components/page-queries-fallback";
import { AddPatientDialog } from "../../components/patients/add-patient-dialog";
import { AppointmentRow } from "../../components/scheduling/appointment-row";
import { BookSessionDialog } from "../../components/scheduling/book-session-dialog";
import { SectionCard } from "../../components/section-card";
import { useCurrentUser } from "../../lib/auth/current-user";
import { useClinicZoneReads } from "../../lib/clinic-profile";
import { useTimeFormat } from "../../lib/clinic-time-zone";
import { pageTitle } from "../../lib/clinic";
import { greetingNameOf, salutationFor } from "../../lib/greeting";
import { formatAgo } from "../../lib/time-format";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useNow } from "../../lib/use-now";
import { useOpenVisit } from "../../lib/use-open-visit";
import { isVisitOpen, visitOpensAt } from "../../lib/visit-window";
import { CreateNotesDialog } from "./create-notes-dialog";
import { DashboardFrame } from "./dashboard-frame";
import { describeActivity, doctorDashboardRange, nextSession, sessionsAwaitingNotes, todaysSchedule } from "./doctor-day";
import { StatCard } from "./stat-card";
import { NeedsAttention } from "../measures/needs-attention";
import { NotesToSign } from "./notes-to-sign";
import { WaitingPatients } from "./waiting-patients";

const ACTIVITY_SHOWN = 6;

export function DoctorDashboardPage() {
  useDocumentTitle(pageTitle("Practice overview"));
  const { user } = useCurrentUser();
  const [range] = useState(() => doctorDashboardRange(new Date()));
  // One batch on load: every read of the page is issued in the same render.
  const summary = trpc.appointments.summary.useQuery();
  const appointments = trpc.appointments.list.useQuery({ ...range, order: "asc", limit: 500 });
  const activity = trpc.appointments.recentActivity.useQuery({ limit: ACTIVITY_SHOWN });
  const unread = trpc.messages.unread.useQuery();
  const waiting = trpc.visits.waiting.useQuery();
  // Its times say when the viewer is not in the clinic's time zone: they wait for the zone.
  const zoneReads = useClinicZoneReads();
  // Read here, in the page's batch, for NeedsAttention and NotesToSign (which read them from the cache).
  trpc.measures.alerts.useQuery();
  trpc.treatmentSessions.unsigned.useQuery();

  const loaded = useMemo(
    () =>
      summary.data && appointments.data && activity.data && unread.data && waiting.data
        ? { summary: summary.data, appointments: appointments.data, activity: activity.data, unreadMessages: unread.data.total, waiting: waiting.data }
        : undefined,
    [summary.data, appointments.data, activity.data, unread.data, waiting.data],
  );
  // As on the patient's dashboard: the content renders in a transition once the reads are in, so
  // a tap waits for a slice of the render, not for all of a day's schedule in one piece.
  const shown = useDeferredValue(loaded);

  if (!user) return null;
  const queries = [summary, appointments, activity, unread, waiting, ...zoneReads];
  if (!queriesSettled(queries)) return <PageQueriesFallback queries={queries} loading="Preparing your day" what="your day" />;
  if (!shown) return <PageLoading label="Preparing your day" />;

  return (
    <DashboardFrame>
      <DoctorDashboard user={user} {...shown} />
    </DashboardFrame>
  );
}

type DoctorDashboardProps = {
  user: PublicUser;
  summary: AppointmentSummary;
  appointments: Appointment[];
  activity: ActivityEvent[];
  unreadMessages: number;
  waiting: WaitingPatientView[];
};

type OpenDialog = "add-patient" | "create-notes" | "schedule" | null;

function DoctorDashboard({ user, summary, appointments, activity, unreadMessages, waiting }: DoctorDashboardProps) {
  const format = useTimeFormat();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const now = new Date();
  const schedule = todaysSchedule(appointments, now, summary.timeZone);
  const awaitingNotes = sessionsAwaitingNotes(appointments, now);
  const next = nextSession(schedule, now);
  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };

  return (
    <MemberPage
      eyebrow="Practice overview"
      title={`${salutationFor(now)}, ${greetingNameOf(user)}.`}
      lead={
        summary.today === 0
          ? "Your day is clear of sessions: a good moment for notes and follow-ups."
          : `You have ${summary.today} ${summary.today === 1 ? "session" : "sessions"} today${
              next ? `; the next begins at ${format.time(next.startTime)} with ${next.patientName}.` : "."
            }`
      }
      actions={
        <Button asChild variant="outline">
          <Link to="/appointments">
            <CalendarRange aria-hidden="true" />
            Your calendar
          </Link>
        </Button>
      }
    >
      <NeedsAttention />
      <WaitingPatients waiting={waiting} />
      <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Today's Sessions" value={summary.today} caption="Scheduled for today" icon={Sunrise} />
        <StatCard label="Active Patients" value={summary.activePatients} caption="Across your appointments" icon={UsersRound} to="/patients" />
        <StatCard label="Upcoming Sessions" value={summary.thisWeek} caption="This week" icon={CalendarClock} to="/appointments" />
        <StatCard
          label="New Messages"
          value={unreadMessages}
          caption={unreadMessages === 1 ? "Unread message" : "Unread messages"}
          icon={MessageSquareText}
          to="/messages"
        />
      </div>

      <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1.55fr)_minmax(0,1fr)]">
        <SectionCard title="Today's Schedule" description={format.longDay(now)}>
          <TodaysSchedule schedule={schedule} user={user} />
        </SectionCard>

        <SectionCard title="Quick Actions">
          <ul className="grid gap-3">
            <QuickAction icon={UserPlus} label="Add New Patient" caption="Open an account with a one-time password" onClick={() => setDialog("add-patient")} />
            <QuickAction
              icon={NotebookPen}
              label="Create Session Notes"
              caption={
                awaitingNotes.length > 0
                  ? `${awaitingNotes.length} ${awaitingNotes.length === 1 ? "session is" : "sessions are"} waiting for notes`
                  : "Notes and a progress rating"
              }
              onClick={() => setDialog("create-notes")}
            />
            <QuickAction icon={CalendarPlus} label="Schedule Appointment" caption="Book a free hour for a patient" onClick={() => setDialog("schedule")} />
            <QuickAction icon={ChartSpline} label="View Patient Progress" caption="Your patients and their charts" to="/patients" />
          </ul>
        </SectionCard>
      </div>

      <NotesToSign />

      <SectionCard title="Recent Patient Activity" description="Notes, bookings and cancellations around your patients." className="mt-8">
        <PatientActivity events={activity} />
      </SectionCard>

      <AddPatientDialog open={dialog === "add-patient"} onOpenChange={closeDialog} />
      <CreateNotesDialog open={dialog === "create-notes"} onOpenChange={closeDialog} sessions={awaitingNotes} />
      <BookSessionDialog open={dialog === "schedule"} onOpenChange={closeDialog} bookingFor={{ kind: "patient", doctorId: user.id }} />
    </MemberPage>
  );
}

function TodaysSchedule({ schedule, user }: { schedule: Appointment[]; user: PublicUser }) {
  const format = useTimeFormat();
  const now = useNow();
  const room = useOpenVisit();

  if (schedule.length === 0) {
    return (
      <EmptyState icon={CalendarX2} title="No sessions today">
        Time to catch up on notes, or simply to breathe.
      </EmptyState>
    );
  }

  return (
    <ul className="grid gap-6">
      {schedule.map((appointment) => {
        const startable = isVisitOpen(appointment, now);
        const opensAt = visitOpensAt(appointment);
        const opensLater = opensAt.getTime() > now.getTime();
        return (
          <li key={appointment.id} className="border-b border-ivory-300 pb-6 last:border-0 last:pb-0">
            <AppointmentRow
              appointment={appointment}
              viewer={user}
              showDate={false}
              actions={
                appointment.status === "scheduled" ? (
                  <Button
                    size="sm"
                    disabled={!startable || room.opening}
                    aria-label={`Start session with ${appointment.patientName}`}
                    onClick={() => room.open(appointment.id)}
                  >
                    <Play aria-hidden="true" />
                    Start
                  </Button>
                ) : null
              }
            >
              {appointment.status === "scheduled" && !startable ? (
                <p className="text-xs text-muted-foreground">
                  {opensLater ? `The video room opens at ${format.time(opensAt)}, a quarter of an hour before.` : "The video room has closed."}
                </p>
              ) : null}
            </AppointmentRow>
          </li>
        );
      })}
    </ul>
  );
}

type QuickActionProps = { icon: LucideIcon; label: string; caption: string } & ({ onClick: () => void; to?: never } | { to: string; onClick?: never });

function QuickAction({ icon: Icon, label, caption, onClick, to }: QuickActionProps) {
  const body = (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full border border-hairline bg-ivory-100 text-gold-700 transition-colors duration-300 group-hover:bg-gold-200">
        <Icon className="size-4" strokeWidth={1.5} aria-hidden="true" />
      </span>
      <span className="grid min-w-0 gap-0.5">
        <span className="font-medium text-ink-900">{label}</span>
        <span className="text-xs text-muted-foreground">{caption}</span>
      </span>
    </>
  );
  const frame =
    "group flex w-full cursor-pointer items-center gap-4 rounded-lg border border-ivory-300 bg-ivory-50 px-4 py-3.5 text-left transition-[border-color,background-color] duration-300 hover:border-gold-600/60 hover:bg-ivory-100";
  return (
    <li>
      {to ? (
        <Link to={to} className={frame}>
          {body}
        </Link>
      ) : (
        <button type="button" onClick={onClick} className={frame}>
          {body}
        </button>
      )}
    </li>
  );
}

const ACTIVITY_ICONS: Record<ActivityEvent["kind"], LucideIcon> = {
  notes_written: NotebookPen,
  session_booked: CalendarPlus,
  session_cancelled: CalendarX2,
};

function PatientActivity({ events }: { events: ActivityEvent[] }) {
  const format = useTimeFormat();
  const now = new Date();
  if (events.length === 0) {
    return (
      <EmptyState icon={UsersRound} title="All quiet for now">
        New bookings, cancellations and notes will appear here as they happen.
      </EmptyState>
    );
  }
  return (
    <ol className="grid gap-x-10 gap-y-5 md:grid-cols-2">
      {events.map((event, index) => {
        const Icon = ACTIVITY_ICONS[event.kind];
        const { headline, detail } = describeActivity(event);
        return (
          <li key={`${event.kind}-${event.appointmentId ?? index}-${event.at}`} className="flex gap-4">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full border border-hairline bg-ivory-100 text-gold-700">
              <Icon className="size-4" strokeWidth={1.5} aria-hidden="true" />
            </span>
            <div className="grid min-w-0 gap-1">
              <p className="text-sm leading-snug text-ink-900">
                <Link to={`/patients/${event.patientId}`} className="underline decoration-hairline underline-offset-4 hover:decoration-gold-600">
                  {headline}
                </Link>
              </p>
              <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <time dateTime={event.at} title={format.dayAndTime(event.at)}>
                  {formatAgo(event.at, now)}
                </time>
                {event.lateCancellation ? <Badge tone="rose">Late cancellation</Badge> : detail ? <span>· {detail}</span> : null}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
