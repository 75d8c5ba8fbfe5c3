import type { Appointment, SeriesScope } from "@halcyon/domain/schemas";

import { trpc } from "../../lib/trpc";

type Change = { startTime: string } | { status: "cancelled" };

/**
 * A change of one session, or of the sessions of its series the scope names: PATCH
 * /api/appointments/{id} for a single session, PATCH /api/appointments/{id}/series for a session
 * of a series. Answers the sessions changed.
 */
export function useChangeSessions({
  onChanged,
  onError,
}: {
  onChanged: (changed: Appointment[]) => Promise<void> | void;
  onError: (error: { message: string }) => Promise<void> | void;
}) {
  const single = trpc.appointments.update.useMutation({ onSuccess: (changed) => onChanged([changed]), onError });
  const series = trpc.series.change.useMutation({ onSuccess: ({ appointments }) => onChanged(appointments), onError });
  return {
    isPending: single.isPending || series.isPending,
    change: (appointment: Appointment, scope: SeriesScope, change: Change) =>
      appointment.seriesId === undefined ? single.mutate({ id: appointment.id, ...change }) : series.mutate({ id: appointment.id, scope, ...change }),
  };
}
