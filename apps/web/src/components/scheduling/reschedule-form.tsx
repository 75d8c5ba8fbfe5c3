import type { Appointment, SeriesScope } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { Clock3 } from "lucide-react";
import { useState, type FormEvent } from "react";

import { appointmentActions, counterpartOf } from "../../lib/appointment-rules";
import { useCurrentUser } from "../../lib/auth/current-user";
import { useCancellationWindowHours } from "../../lib/clinic-profile";
import { useTimeFormat } from "../../lib/clinic-time-zone";
import { formatDayAndTime } from "../../lib/time-format";
import { useRefreshSchedule } from "../../lib/schedule-cache";
import { InsideWindowNote } from "./inside-window-note";
import { SeriesScopeField } from "./series-scope-field";
import { useChangeSessions } from "./use-change-sessions";
import { SlotPicker } from "./slot-picker";

type RescheduleFormProps = {
  appointment: Appointment;
  onDone: () => void;
  /** Offered when the session cannot be moved online any more. */
  onCancelInstead: () => void;
};

/** Moves a session to another free hour of the same doctor (PATCH /api/appointments/{id}). */
export function RescheduleForm({ appointment, onDone, onCancelInstead }: RescheduleFormProps) {
  const { user } = useCurrentUser();
  const format = useTimeFormat();
  const [startTime, setStartTime] = useState<string>();
  const [invalid, setInvalid] = useState(false);
  const refreshSchedule = useRefreshSchedule();
  const viewer = user ?? { id: 0, role: "patient" as const };
  const actions = appointmentActions(appointment, viewer, new Date(), useCancellationWindowHours());

  const [scope, setScope] = useState<SeriesScope>("this");
  const move = useChangeSessions({
    onChanged: async (changed) => {
      const [moved] = changed;
      toast({
        title: changed.length > 1 ? `${changed.length} sessions moved` : "Session moved",
        description: moved
          ? `${moved.title} is now on ${formatDayAndTime(moved.startTime, { clinicTimeZone: format.clinicTimeZone })}${changed.length > 1 ? ", and the others at the same weekday and time" : ""}.`
          : "Nothing was left to move.",
      });
      onDone();
      await refreshSchedule();
    },
    onError: async (error) => {
      toast({ variant: "destructive", title: "Error", description: `We couldn't move the session. ${error.message}` });
      setStartTime(undefined);
      await refreshSchedule();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!startTime) {
      setInvalid(true);
      return;
    }
    move.change(appointment, scope, { startTime });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <DialogHeader>
        <DialogTitle>Reschedule session</DialogTitle>
        <DialogDescription>
          {appointment.title} with {counterpartOf(appointment, viewer)}, now on {format.dayAndTime(appointment.startTime)}.
        </DialogDescription>
      </DialogHeader>

      {actions.reschedule ? (
        <>
          {appointment.seriesId !== undefined ? <SeriesScopeField value={scope} onChange={setScope} disabled={move.isPending} /> : null}
          <SlotPicker
            doctorId={appointment.doctorId}
            patientId={viewer.role === "patient" ? undefined : appointment.patientId}
            value={startTime}
            invalid={invalid}
            excludeStart={appointment.startTime}
            onChange={(next) => {
              setStartTime(next);
              setInvalid(false);
            }}
          />
          {viewer.role === "patient" ? <InsideWindowNote startTime={startTime} /> : null}
        </>
      ) : (
        <div className="flex gap-3 rounded-lg border border-hairline bg-gold-200/40 p-4 text-sm leading-relaxed text-ink-800">
          <Clock3 className="mt-0.5 size-4 shrink-0 text-gold-700" aria-hidden="true" />
          <p>{actions.rescheduleBlockedReason ?? "This session can no longer be moved."}</p>
        </div>
      )}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={move.isPending}>
          Keep current time
        </Button>
        {actions.reschedule ? (
          <Button type="submit" disabled={move.isPending}>
            {move.isPending ? "Moving..." : "Move session"}
          </Button>
        ) : actions.cancel ? (
          <Button type="button" variant="destructive" onClick={onCancelInstead}>
            Cancel session instead
          </Button>
        ) : null}
      </DialogFooter>
    </form>
  );
}
