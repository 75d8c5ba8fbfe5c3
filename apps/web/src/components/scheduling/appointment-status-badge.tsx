import type { Appointment } from "@halcyon/domain/schemas";
import { Badge } from "@halcyon/ui/components/badge";
import { cn } from "@halcyon/ui/lib/utils";
import { ClipboardPen } from "lucide-react";

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

/**
 * "Forms not finished": the doctor's day and lists mark a scheduled session whose patient has not
 * yet filled in the intake or signed a current consent (the server's `paperworkDue`; booking never
 * waits for them, so the doctor knows to expect them, or to ask).
 */
export function PaperworkBadge({ appointment }: { appointment: Pick<Appointment, "status" | "paperworkDue"> }) {
  if (appointment.status !== "scheduled" || !appointment.paperworkDue) return null;
  return (
    <Badge tone="gold" data-paperwork="due" title="The patient has not yet finished the intake and consents">
      {/* The form's icon, not the status dot: it reads apart from "Scheduled" beside it. */}
      <ClipboardPen aria-hidden="true" className="size-3" />
      Forms not finished
    </Badge>
  );
}
