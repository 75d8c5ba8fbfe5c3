import type { Appointment, PublicUser } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { TooltipProvider } from "@halcyon/ui/components/tooltip";
import { keepPreviousData } from "@tanstack/react-query";
import { CalendarPlus, Clock3 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";

import { MemberPage } from "../../components/member-page";
import { PageQueriesFallback, queriesSettled } from "../../components/page-queries-fallback";
import { AppointmentDialogsProvider, useAppointmentDialogs } from "../../components/scheduling/appointment-dialogs";
import { BookSessionDialog } from "../../components/scheduling/book-session-dialog";
import { SectionCard } from "../../components/section-card";
import { useCurrentUser } from "../../lib/auth/current-user";
import { dateKey, fromDateKey, startOfDay, stepAnchor, viewRange, type CalendarView } from "../../lib/calendar-dates";
import { useClinicZoneReads } from "../../lib/clinic-profile";
import { useTimeFormat } from "../../lib/clinic-time-zone";
import { pageTitle } from "../../lib/clinic";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { CalendarCard } from "./calendar/calendar-card";
import { CalendarFeed } from "./calendar-feed";
import { SessionHistory } from "./session-history";
import { GroupsCard } from "../groups/groups-card";
import { PartyInvitations } from "./party-invitations";
import { UpcomingSessions } from "./upcoming-sessions";
import type { OpenAppointmentState } from "./reminder-links/manage-appointment-page";

/** The specification's lists: Session History shows the first 10; upcoming reads ahead generously. */
const HISTORY_SHOWN = 10;
const UPCOMING_READ = 50;
const CALENDAR_READ = 500;

type CalendarState = { view: CalendarView; anchor: Date; selectedDay: string };

export function AppointmentsPage() {
  useDocumentTitle(pageTitle("Appointments"));
  const { user } = useCurrentUser();
  const [loadedAt] = useState(() => new Date().toISOString());
  const [calendar, setCalendar] = useState<CalendarState>(() => ({ view: "month", anchor: startOfDay(new Date()), selectedDay: dateKey(new Date()) }));
  const range = viewRange(calendar.view, calendar.anchor);

  // One batch on load: every read of the page is issued in the same render.
  const shown = trpc.appointments.list.useQuery(
    { from: range.from.toISOString(), to: range.to.toISOString(), order: "asc", limit: CALENDAR_READ },
    { placeholderData: keepPreviousData },
  );
  const upcoming = trpc.appointments.list.useQuery({ from: loadedAt, order: "asc", limit: UPCOMING_READ });
  const history = trpc.appointments.list.useQuery({ to: loadedAt, order: "desc", limit: HISTORY_SHOWN });
  const feed = trpc.calendar.feed.useQuery();
  // In the page's batch, so the booking modal knows at once whether intake comes first.
  trpc.intake.mine.useQuery(undefined, { enabled: user?.role === "patient" });
  // In the page's batch too: a patient's invitations, and the groups a patient may join or a doctor holds.
  trpc.parties.invitations.useQuery(undefined, { enabled: user?.role === "patient" });
  trpc.parties.groups.useQuery(undefined, { enabled: !!user && user.role !== "admin" });
  // The clinic's time zone, so times can say when the viewer's differs.
  const zoneReads = useClinicZoneReads();

  if (!user) return null;
  const queries = [shown, upcoming, history, feed, ...zoneReads];
  if (!queriesSettled(queries) || !shown.data || !upcoming.data || !history.data || !feed.data) {
    return <PageQueriesFallback queries={queries} loading="Opening your calendar" what="your appointments" />;
  }

  return (
    <TooltipProvider>
      <AppointmentDialogsProvider>
        <Appointments
          user={user}
          calendar={calendar}
          onCalendarChange={setCalendar}
          shown={shown.data}
          updating={shown.isPlaceholderData}
          upcoming={upcoming.data}
          history={history.data}
          feed={feed.data}
        />
      </AppointmentDialogsProvider>
    </TooltipProvider>
  );
}

type AppointmentsProps = {
  user: PublicUser;
  calendar: CalendarState;
  onCalendarChange: (update: (current: CalendarState) => CalendarState) => void;
  shown: Appointment[];
  updating: boolean;
  upcoming: Appointment[];
  history: Appointment[];
  feed: { active: boolean; createdAt: string | null };
};

function Appointments({ user, calendar, onCalendarChange, shown, updating, upcoming, history, feed }: AppointmentsProps) {
  const format = useTimeFormat();
  const isPatient = user.role === "patient";
  // "Book with Dr. …" on the team page arrives as ?book=<doctor id>: the booking opens on that doctor.
  const [params, setParams] = useSearchParams();
  const chosenDoctor = Number(params.get("book")) || undefined;
  const [booking, setBooking] = useState(isPatient && chosenDoctor !== undefined);
  const closeBooking = (open: boolean) => {
    setBooking(open);
    if (open || chosenDoctor === undefined) return;
    setParams(
      (current) => {
        current.delete("book");
        return current;
      },
      { replace: true },
    );
  };
  const name = user.role === "doctor" ? `Dr. ${user.lastName}` : user.firstName;
  const bookButton = isPatient ? (
    <Button onClick={() => setBooking(true)}>
      <CalendarPlus aria-hidden="true" />
      Book Session
    </Button>
  ) : null;
  // No time that suits? The waitlist offers freed ones (patients); staff see who waits.
  const waitlistLink = (
    <Button variant="outline" asChild>
      <Link to="/waitlist">
        <Clock3 aria-hidden="true" />
        Waitlist
      </Link>
    </Button>
  );

  const openDay = (date: Date) => onCalendarChange(() => ({ view: "day", anchor: startOfDay(date), selectedDay: dateKey(date) }));

  return (
    <MemberPage
      eyebrow="Appointments"
      title={`Your calendar, ${name}.`}
      lead={
        isPatient
          ? "Book a session, move or cancel one, and look back on the ones behind you."
          : user.role === "doctor"
            ? "Your sessions by month, week or day. Open one to start it, move it or close it."
            : "Every session of the clinic, by month, week or day."
      }
      actions={
        <>
          {waitlistLink}
          {bookButton}
        </>
      }
    >
      {format.differsFromClinic ? (
        <p className="mb-6 text-sm text-muted-foreground">
          Times are shown in your time zone ({format.viewerZoneName()}); the clinic keeps {format.clinicZoneName()}.
        </p>
      ) : null}

      {isPatient ? <PartyInvitations /> : null}

      <CalendarCard
        view={calendar.view}
        anchor={calendar.anchor}
        appointments={shown}
        updating={updating}
        viewer={user}
        selectedDay={calendar.selectedDay}
        onSelectDay={(key) => onCalendarChange((current) => ({ ...current, selectedDay: key }))}
        onViewChange={(view) => onCalendarChange((current) => ({ ...current, view, anchor: fromDateKey(current.selectedDay) }))}
        onStep={(step) =>
          onCalendarChange((current) => {
            const anchor = stepAnchor(current.view, current.anchor, step);
            return { ...current, anchor, selectedDay: dateKey(anchor) };
          })
        }
        onToday={() => onCalendarChange((current) => ({ ...current, anchor: startOfDay(new Date()), selectedDay: dateKey(new Date()) }))}
        onOpenDay={openDay}
      />

      <div className="mt-8 grid items-start gap-8 lg:grid-cols-2">
        <SectionCard title="Upcoming Sessions" description="Sessions that have not started yet.">
          <UpcomingSessions appointments={upcoming} viewer={user} emptyAction={bookButton} />
        </SectionCard>
        <SectionCard title="Session History" description={`Your last ${HISTORY_SHOWN} sessions, with notes.`}>
          <SessionHistory appointments={history} viewer={user} />
        </SectionCard>
      </div>

      {user.role === "admin" ? null : <GroupsCard viewer={user} />}

      <OpenFromReminderLink />

      <SectionCard title="Private calendar link" description="Your sessions in the calendar you already use." className="mt-8">
        <CalendarFeed feed={feed} />
      </SectionCard>

      {isPatient ? <BookSessionDialog open={booking} onOpenChange={closeBooking} bookingFor={{ kind: "self", doctorId: chosenDoctor }} /> : null}
    </MemberPage>
  );
}

/**
 * The appointment a reminder's "Cancel or reschedule" link named (manage-appointment-page.tsx),
 * opened once in the page's own dialog: its details, with the app's own cancel and reschedule.
 */
function OpenFromReminderLink() {
  const { open } = useAppointmentDialogs();
  const location = useLocation();
  const navigate = useNavigate();
  const appointment = (location.state as OpenAppointmentState | null)?.openAppointment;
  useEffect(() => {
    if (!appointment) return;
    open("details", appointment);
    // Handed on once: a reload or a step back does not open it again.
    navigate(location.pathname + location.search, { replace: true, state: null });
  }, [appointment, open, navigate, location.pathname, location.search]);
  return null;
}
