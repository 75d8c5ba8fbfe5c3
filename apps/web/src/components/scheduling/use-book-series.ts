import { toast } from "@halcyon/ui/hooks/use-toast";

import { useRefreshSchedule } from "../../lib/schedule-cache";
import { trpc } from "../../lib/trpc";

/**
 * POST /api/appointment-series. A refusal (a date taken meanwhile) books nothing: the dates are
 * read again so the patient sees which, and chooses again.
 */
export function useBookSeries({ onBooked }: { onBooked: () => void }) {
  const refreshSchedule = useRefreshSchedule();
  return trpc.series.book.useMutation({
    onSuccess: async ({ appointments }) => {
      toast({ title: "Success", description: `${appointments.length} sessions booked.` });
      onBooked();
      await refreshSchedule();
    },
    onError: async (error) => {
      toast({ variant: "destructive", title: "Error", description: `Failed to book the sessions. ${error.message}` });
      await refreshSchedule();
    },
  });
}
