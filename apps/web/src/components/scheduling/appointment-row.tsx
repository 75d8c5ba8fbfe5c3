import type { Appointment } from "@halcyon/domain/schemas";
import { cn } from "@halcyon/ui/lib/utils";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

import { counterpartOf, invitationLine, type Viewer } from "../../lib/appointment-rules";
import { useTimeFormat } from "../../lib/clinic-time-zone";
import { dateTileParts } from "../../lib/time-format";
import { useNow } from "../../lib/use-now";
import { isVisitOpen } from "../../lib/visit-window";
import { JoinVisitButton } from "../join-visit-button";
import { AppointmentStatusBadge, ConfirmedBadge, PaperworkBadge } from "./appointment-status-badge";
import { useAppointmentDialogs } from "./appointment-dialogs";

type AppointmentRowProps = {
  appointment: Appointment;
  viewer: Viewer;
  /** Buttons at the row's end (edit, cancel, start…); the title itself opens the details. */
  actions?: ReactNode;
  /** Shown under the time: the description, a hint, the notes. */
  children?: ReactNode;
  /** Today's schedule shows times only, without a date tile. */
  showDate?: boolean;
  className?: string;
};

/** A session in a list: its date, title (which opens the details), time, the other person and its status. */
export function AppointmentRow({ appointment, viewer, actions, children, showDate = true, className }: AppointmentRowProps) {
  const format = useTimeFormat();
  const dialogs = useAppointmentDialogs();
  const tile = dateTileParts(appointment.startTime);
  const now = useNow();
  // A patient joins their session's video room from wherever the session is listed, while it is open.
  const ownSession = viewer.role === "patient" && viewer.id === appointment.patientId;
  const joinable = ownSession && isVisitOpen(appointment, now);
  // Booking never waited for the forms: they are due before the session, the patient is told where.
  const formsDue = appointment.status === "scheduled" && appointment.paperworkDue === true;
  const allActions = joinable ? (
    <>
      <JoinVisitButton appointment={appointment} viewer={viewer} />
      {actions}
    </>
  ) : (
    actions
  );

  return (
    <div data-testid="appointment-row" data-appointment-id={appointment.id} className={cn("flex gap-4 sm:gap-5", className)}>
      {showDate ? (
        <div
          aria-hidden="true"
          className="flex w-12 shrink-0 flex-col items-center self-start rounded-lg border border-hairline bg-ivory-100 py-2 text-center sm:w-14"
        >
          <span className="text-[0.65rem] font-semibold tracking-[0.18em] text-gold-700 uppercase">{tile.month}</span>
          <span className="font-display text-2xl leading-tight text-ink-900">{tile.day}</span>
          <span className="text-[0.65rem] text-stone-600">{tile.weekday}</span>
        </div>
      ) : null}
      <div className="grid min-w-0 flex-1 gap-1.5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <button
            type="button"
            onClick={() => dialogs.open("details", appointment)}
            className="min-w-0 cursor-pointer text-left font-display text-xl leading-snug text-ink-900 underline decoration-transparent underline-offset-4 transition-colors hover:decoration-gold-600"
          >
            {appointment.title}
          </button>
          <AppointmentStatusBadge appointment={appointment} />
          <ConfirmedBadge appointment={appointment} />
          {ownSession ? null : <PaperworkBadge appointment={appointment} />}
        </div>
        <p className="text-sm text-muted-foreground">
          {showDate ? <span className="sr-only">{format.longDay(appointment.startTime)}, </span> : null}
          <span className="whitespace-nowrap">{format.timeRange(appointment.startTime, appointment.endTime)}</span>
          <span aria-hidden="true"> · </span>
          {counterpartOf(appointment, viewer)}
        </p>
        {ownSession && formsDue ? (
          <p className="text-sm text-ink-800">
            Your intake and consents are due before this session.{" "}
            <Link to="/intake" className="font-medium text-ink-900 underline underline-offset-4">
              Finish them
            </Link>
          </p>
        ) : null}
        {invitationLine(appointment) ? <p className="text-sm text-muted-foreground">{invitationLine(appointment)}</p> : null}
        {children}
      </div>
      {allActions ? <div className="-mt-1 flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-start">{allActions}</div> : null}
    </div>
  );
}
