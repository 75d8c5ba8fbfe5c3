import { toast } from "@halcyon/ui/hooks/use-toast";
import { useState } from "react";
import { useNavigate } from "react-router-dom";

import { trpc } from "./trpc";

/** Opens an appointment's video room: finds its visit, then goes to /visits/{id}; says why when it cannot. */
export function useOpenVisit(): { open: (appointmentId: number) => void; opening: boolean } {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  const open = (appointmentId: number) => {
    setOpening(true);
    utils.visits.ofAppointment
      .fetch({ id: appointmentId }, { staleTime: 0 })
      .then((visit) => navigate(`/visits/${visit.id}`))
      .catch((error: unknown) => {
        toast({ title: "The room could not be opened", description: error instanceof Error ? error.message : "Please try again in a moment." });
      })
      .finally(() => setOpening(false));
  };
  return { open, opening };
}
