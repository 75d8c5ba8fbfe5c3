import { toast } from "@halcyon/ui/hooks/use-toast";

import { useRefreshSchedule } from "../../lib/schedule-cache";
import { trpc } from "../../lib/trpc";

/**
 * POST /api/appointments with the spec's toasts. After a refusal the chosen time may just have
 * been taken, so `onRefused` lets the form drop it, and the schedule is read again.
 */
export function useBookSession({ onBooked, onRefused }: { onBooked: () => void; onRefused: () => void }) {
  const refreshSchedule = useRefreshSchedule();
  return trpc.appointments.book.useMutation({
    onSuccess: async () => {
      toast({ title: "Success", description: "Appointment booked successfully!" });
      onBooked();
      await refreshSchedule();
    },
    onError: async (error) => {
      toast({ variant: "destructive", title: "Error", description: `Failed to book appointment. Please try again. ${error.message}` });
      onRefused();
      await refreshSchedule();
    },
  });
}
