import { formatMoney } from "@halcyon/domain/rules";
import type { Appointment } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { CalendarClock, CircleCheck, NotebookPen, UserRoundX, X } from "lucide-react";
import type { ReactNode } from "react";

import { appointmentActions, counterpartOf, type Viewer } from "../../lib/appointment-rules";
import { useTimeFormat } from "../../lib/clinic-time-zone";
import { useRefreshSchedule } from "../../lib/schedule-cache";
import { useCancellationWindowHours, useClinicProfile } from "../../lib/clinic-profile";
import { trpc } from "../../lib/trpc";
import { AppointmentStatusBadge } from "./appointment-status-badge";
import { PartyNoteSection } from "./party-note";

export type DetailsAction = "reschedule" | "cancel" | "notes";

type AppointmentDetailsProps = {
  appointment: Appointment;
  viewer: Viewer;
  onAction: (action: DetailsAction) => void;
  onDone: () => void;
};

/** One session in full, with the actions this viewer may take on it now. */
export function AppointmentDetails({ appointment, viewer, onAction, onDone }: AppointmentDetailsProps) {
  const format = useTimeFormat();
  const refreshSchedule = useRefreshSchedule();
  const actions = appointmentActions(appointment, viewer, new Date(), useCancellationWindowHours());
  const anyAction = actions.reschedule || actions.cancel || actions.writeNotes || actions.complete || actions.noShow;
  const currency = useClinicProfile().data?.currency;

  const mark = trpc.appointments.update.useMutation({
    onSuccess: async (updated) => {
      toast({
        title: updated.status === "completed" ? "Session completed" : "Marked as a no-show",
        description: `${updated.title} with ${updated.patientName}, ${format.longDay(updated.startTime)}.`,
      });
      onDone();
      await refreshSchedule();
    },
    onError: (error) => {
      toast({ variant: "destructive", title: "Error", description: `We couldn't update the session. ${error.message}` });
    },
  });

  return (
    <div className="grid gap-6">
      <DialogHeader>
        <AppointmentStatusBadge appointment={appointment} />
        <DialogTitle className="mt-2">{appointment.title}</DialogTitle>
        <DialogDescription>
          {format.longDay(appointment.startTime)} · <span className="whitespace-nowrap">{format.timeRange(appointment.startTime, appointment.endTime)}</span>
        </DialogDescription>
      </DialogHeader>

      <dl className="grid gap-4 border-y border-ivory-300 py-5 text-sm">
        <Detail term={viewer.role === "patient" ? "Clinician" : viewer.role === "doctor" ? "Patient" : "Who"}>{counterpartOf(appointment, viewer)}</Detail>
        {appointment.serviceName !== null || appointment.feeMinor !== null ? (
          <Detail term="Service">
            {appointment.serviceName ?? "Session"}
            {appointment.feeMinor !== null && currency ? ` · ${formatMoney(appointment.feeMinor, currency)} agreed at booking` : null}
          </Detail>
        ) : null}
        {appointment.description ? <Detail term="Description">{appointment.description}</Detail> : null}
        {appointment.status === "scheduled" && appointment.confirmedAt ? (
          <Detail term="Confirmed">
            {viewer.role === "patient" ? "You confirmed" : "The patient confirmed"} on {format.dayAndTime(appointment.confirmedAt)}
          </Detail>
        ) : null}
        {appointment.status === "cancelled" && appointment.cancelledAt ? (
          <Detail term="Cancelled">
            {format.dayAndTime(appointment.cancelledAt)}
            {appointment.lateCancellation ? " — inside the cancellation window (late)" : ""}
          </Detail>
        ) : null}
        {appointment.notes ? (
          <Detail term="Session notes">
            <span className="whitespace-pre-line">{appointment.notes}</span>
            {appointment.progressRating ? (
              <span className="mt-2 block text-xs font-semibold tracking-[0.14em] text-gold-700 uppercase">
                Progress rating {appointment.progressRating}/10
              </span>
            ) : null}
          </Detail>
        ) : null}
      </dl>

      {appointment.party && (viewer.role === "patient" || (viewer.role === "doctor" && appointment.doctorId === viewer.id)) ? (
        <PartyNoteSection appointment={{ ...appointment, party: appointment.party }} role={viewer.role} />
      ) : null}

      {anyAction ? (
        <DialogFooter className="flex-wrap sm:justify-start">
          {actions.writeNotes ? (
            <Button type="button" onClick={() => onAction("notes")}>
              <NotebookPen aria-hidden="true" />
              {appointment.status === "scheduled" ? "Start session notes" : "Write session notes"}
            </Button>
          ) : null}
          {actions.complete ? (
            <ActionButton pending={mark.isPending} onClick={() => mark.mutate({ id: appointment.id, status: "completed" })}>
              <CircleCheck aria-hidden="true" />
              Mark completed
            </ActionButton>
          ) : null}
          {actions.noShow ? (
            <ActionButton pending={mark.isPending} onClick={() => mark.mutate({ id: appointment.id, status: "no_show" })}>
              <UserRoundX aria-hidden="true" />
              Mark no-show
            </ActionButton>
          ) : null}
          {actions.reschedule || actions.rescheduleBlockedReason ? (
            <Button type="button" variant="outline" onClick={() => onAction("reschedule")}>
              <CalendarClock aria-hidden="true" />
              Reschedule
            </Button>
          ) : null}
          {actions.cancel ? (
            <Button type="button" variant="outline" className="text-rose-700 hover:border-rose-700/60" onClick={() => onAction("cancel")}>
              <X aria-hidden="true" />
              Cancel session
            </Button>
          ) : null}
        </DialogFooter>
      ) : (
        <p className="text-sm text-muted-foreground">{closedNote(appointment)}</p>
      )}
    </div>
  );
}

function closedNote(appointment: Appointment): string {
  if (appointment.status === "completed") return "This session is complete.";
  if (appointment.status === "cancelled") return "This session was cancelled.";
  if (appointment.status === "no_show") return "This session was missed.";
  return "This session is under way or has passed; its clinician will complete it.";
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[8rem_1fr] sm:gap-4">
      <dt className="text-xs font-semibold tracking-[0.14em] text-stone-600 uppercase sm:pt-0.5">{term}</dt>
      <dd className="leading-relaxed text-ink-900">{children}</dd>
    </div>
  );
}

function ActionButton({ pending, onClick, children }: { pending: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button type="button" variant="outline" disabled={pending} aria-busy={pending || undefined} onClick={onClick}>
      {children}
    </Button>
  );
}
