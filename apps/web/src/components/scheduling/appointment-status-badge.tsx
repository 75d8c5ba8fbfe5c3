import type { Appointment } from "@halcyon/domain/schemas";
import { Badge } from "@halcyon/ui/components/badge";
import { cn } from "@halcyon/ui/lib/utils";

import { statusPresentation } from "../../lib/appointment-rules";

/** The status in words, on its colour: scheduled gold, completed sage, cancelled grey, late or missed red. */
export function AppointmentStatusBadge({ appointment, className }: { appointment: Pick<Appointment, "status" | "lateCancellation">; className?: string }) {
  const { label, tone } = statusPresentation(appointment);
  return (
    <Badge tone={tone} className={cn(className)} data-status={appointment.status}>
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", DOT[tone])} />
      {label}
    </Badge>
  );
}

const DOT = { gold: "bg-gold-600", sage: "bg-sage-500", stone: "bg-stone-400", rose: "bg-rose-700" } as const;

/** "Confirmed": the patient confirmed a scheduled session from a reminder (the doctor's day and lists show who is coming). */
export function ConfirmedBadge({ appointment }: { appointment: Pick<Appointment, "status" | "confirmedAt"> }) {
  if (appointment.status !== "scheduled" || appointment.confirmedAt === null) return null;
  return (
    <Badge tone="sage" data-confirmed="true" title="The patient confirmed from a reminder">
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", DOT.sage)} />
      Confirmed
    </Badge>
  );
}
