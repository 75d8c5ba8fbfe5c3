import type { Appointment, PublicUser } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@halcyon/ui/components/tooltip";
import { CalendarHeart, Pencil, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";

import { EmptyState } from "../../components/empty-state";
import { useAppointmentDialogs } from "../../components/scheduling/appointment-dialogs";
import { AppointmentRow } from "../../components/scheduling/appointment-row";
import { appointmentActions } from "../../lib/appointment-rules";
import { useCancellationWindowHours } from "../../lib/clinic-profile";

/** A long list opens this many at first. */
const FIRST_SHOWN = 8;

type UpcomingSessionsProps = {
  appointments: Appointment[];
  viewer: PublicUser;
  /** The empty state's way forward (patients: Book Session). */
  emptyAction?: ReactNode;
};

/** Sessions that start in the future: status, description, and edit (reschedule) and delete (cancel) where allowed. */
export function UpcomingSessions({ appointments, viewer, emptyAction }: UpcomingSessionsProps) {
  const dialogs = useAppointmentDialogs();
  const [showAll, setShowAll] = useState(false);
  const now = new Date();
  const windowHours = useCancellationWindowHours();
  const upcoming = appointments.filter((appointment) => Date.parse(appointment.startTime) > now.getTime());
  const shown = showAll ? upcoming : upcoming.slice(0, FIRST_SHOWN);

  if (upcoming.length === 0) {
    return (
      <EmptyState icon={CalendarHeart} title="No upcoming sessions" action={emptyAction}>
        {viewer.role === "patient" ? "When you book a session, it will wait for you here." : "New bookings will appear here as they arrive."}
      </EmptyState>
    );
  }

  return (
    <div className="grid gap-6">
      <ul className="grid gap-6" aria-label="Upcoming sessions">
        {shown.map((appointment) => {
          // The pencil only where moving online is allowed; a patient too close to the session is told why in its details.
          const actions = appointmentActions(appointment, viewer, now, windowHours);
          const canEdit = actions.reschedule;
          return (
            <li key={appointment.id} className="border-b border-ivory-300 pb-6 last:border-0 last:pb-0">
              <AppointmentRow
                appointment={appointment}
                viewer={viewer}
                actions={
                  canEdit || actions.cancel ? (
                    <>
                      {canEdit ? (
                        <IconAction label={`Reschedule ${appointment.title}`} tooltip="Reschedule" onClick={() => dialogs.open("reschedule", appointment)}>
                          <Pencil aria-hidden="true" />
                        </IconAction>
                      ) : null}
                      {actions.cancel ? (
                        <IconAction label={`Cancel ${appointment.title}`} tooltip="Cancel session" danger onClick={() => dialogs.open("cancel", appointment)}>
                          <Trash2 aria-hidden="true" />
                        </IconAction>
                      ) : null}
                    </>
                  ) : null
                }
              >
                {appointment.description ? <p className="text-sm leading-relaxed text-ink-800">{appointment.description}</p> : null}
              </AppointmentRow>
            </li>
          );
        })}
      </ul>
      {upcoming.length > FIRST_SHOWN ? (
        <Button variant="link" className="justify-self-start" onClick={() => setShowAll((all) => !all)}>
          {showAll ? "Show fewer" : `Show all ${upcoming.length} upcoming sessions`}
        </Button>
      ) : null}
    </div>
  );
}

type IconActionProps = { label: string; tooltip: string; danger?: boolean; onClick: () => void; children: ReactNode };

/** An icon button with a name for screen readers and a tooltip for everyone else. */
function IconAction({ label, tooltip, danger = false, onClick, children }: IconActionProps) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} onClick={onClick} className={danger ? "text-rose-700 hover:bg-rose-50" : "text-ink-800"}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{tooltip}</TooltipContent>
    </Tooltip>
  );
}
