import type { Appointment, SeriesScope } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { TriangleAlert } from "lucide-react";
import { useState } from "react";

import { counterpartOf, hoursPhrase, isInsideCancellationWindow } from "../../lib/appointment-rules";
import { useCurrentUser } from "../../lib/auth/current-user";
import { useCancellationWindowHours } from "../../lib/clinic-profile";
import { useTimeFormat } from "../../lib/clinic-time-zone";
import { useRefreshSchedule } from "../../lib/schedule-cache";
import { SeriesScopeField } from "./series-scope-field";
import { useChangeSessions } from "./use-change-sessions";

/** Asks before cancelling, and warns a patient when the cancellation will be recorded as late. */
export function CancelForm({ appointment, onDone }: { appointment: Appointment; onDone: () => void }) {
  const { user } = useCurrentUser();
  const format = useTimeFormat();
  const refreshSchedule = useRefreshSchedule();
  const viewer = user ?? { id: 0, role: "patient" as const };
  const windowHours = useCancellationWindowHours();
  const late = viewer.role === "patient" && isInsideCancellationWindow(appointment, new Date(), windowHours);

  const [scope, setScope] = useState<SeriesScope>("this");
  const cancel = useChangeSessions({
    onChanged: async (changed) => {
      const [cancelled] = changed;
      toast({
        title: changed.length > 1 ? `${changed.length} sessions cancelled` : "Session cancelled",
        description:
          changed.length > 1 || !cancelled
            ? `Every session of the series you chose is cancelled${changed.some((a) => a.lateCancellation) ? "; the first is recorded as a late cancellation" : ""}.`
            : cancelled.lateCancellation
              ? `${cancelled.title} on ${format.longDay(cancelled.startTime)} is cancelled, recorded as a late cancellation.`
              : `${cancelled.title} on ${format.longDay(cancelled.startTime)} is cancelled.`,
      });
      onDone();
      await refreshSchedule();
    },
    onError: async (error) => {
      toast({ variant: "destructive", title: "Error", description: `We couldn't cancel the session. ${error.message}` });
      await refreshSchedule();
    },
  });

  return (
    <div className="grid gap-6">
      <DialogHeader>
        <DialogTitle>Cancel this session?</DialogTitle>
        <DialogDescription>
          {appointment.title} with {counterpartOf(appointment, viewer)} on {format.dayAndTime(appointment.startTime)}.
        </DialogDescription>
      </DialogHeader>

      {appointment.seriesId !== undefined ? <SeriesScopeField value={scope} onChange={setScope} disabled={cancel.isPending} /> : null}

      {late ? (
        <div role="note" className="flex gap-3 rounded-lg border border-rose-700/25 bg-rose-50 p-4 text-sm leading-relaxed text-rose-700">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            This session begins in less than {hoursPhrase(windowHours ?? 0)}, so cancelling now will be recorded as a{" "}
            <strong className="font-semibold">late cancellation</strong>, and your clinician will see that.
          </p>
        </div>
      ) : (
        <p className="text-sm leading-relaxed text-muted-foreground">
          The hour will be released for someone else.{" "}
          {viewer.role === "patient" ? "You can book another time whenever you like." : "It disappears from the patient’s upcoming sessions at once."}
        </p>
      )}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={cancel.isPending}>
          Keep session
        </Button>
        <Button type="button" variant="destructive" disabled={cancel.isPending} onClick={() => cancel.change(appointment, scope, { status: "cancelled" })}>
          {cancel.isPending ? "Cancelling..." : late ? "Cancel late" : "Cancel session"}
        </Button>
      </DialogFooter>
    </div>
  );
}
