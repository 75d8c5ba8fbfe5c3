import type { Appointment } from "@halcyon/domain/schemas";
import { cn } from "@halcyon/ui/lib/utils";

import { useAppointmentDialogs } from "../../../components/scheduling/appointment-dialogs";
import { statusPresentation } from "../../../lib/appointment-rules";
import { useTimeFormat } from "../../../lib/clinic-time-zone";
import { chipClass } from "./status-style";

type AppointmentChipProps = {
  appointment: Appointment;
  /** Who it is with, shown in the roomier week view. */
  counterpart?: string;
  className?: string;
};

/** A session on the calendar: its time and status in words, its title, on the status colour. Opens its details. */
export function AppointmentChip({ appointment, counterpart, className }: AppointmentChipProps) {
  const dialogs = useAppointmentDialogs();
  const format = useTimeFormat();
  const status = statusPresentation(appointment);
  const time = format.time(appointment.startTime);

  return (
    <button
      type="button"
      data-testid="calendar-appointment"
      data-status={appointment.status}
      onClick={() => dialogs.open("details", appointment)}
      className={cn(
        "grid w-full min-w-0 cursor-pointer gap-0.5 rounded-sm border-l-2 px-2 py-1 text-left transition-colors duration-200",
        chipClass(appointment),
        className,
      )}
    >
      <span className="truncate text-[0.68rem] leading-tight font-semibold text-ink-900 tabular-nums">
        {time}
        <span className="sr-only">, </span>
      </span>
      <span className={cn("truncate text-xs leading-snug font-medium text-ink-900", appointment.status === "cancelled" && "line-through decoration-stone-400")}>
        {appointment.title}
      </span>
      <span className="truncate text-[0.65rem] leading-tight tracking-wide text-stone-600">
        <span className="sr-only">, </span>
        {status.label}
        <span className="sr-only">, {format.longDay(appointment.startTime)}</span>
      </span>
      {counterpart ? <span className="truncate text-[0.68rem] leading-tight text-stone-600">{counterpart}</span> : null}
    </button>
  );
}
