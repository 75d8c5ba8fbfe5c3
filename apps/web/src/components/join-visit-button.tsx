import type { Appointment } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Video } from "lucide-react";

import { counterpartOf, type Viewer } from "../lib/appointment-rules";
import { useOpenVisit } from "../lib/use-open-visit";

/** Join: into the session's video room, while it is open. */
export function JoinVisitButton({ appointment, viewer }: { appointment: Appointment; viewer: Viewer }) {
  const { open, opening } = useOpenVisit();
  return (
    <Button size="sm" disabled={opening} aria-label={`Join the video visit with ${counterpartOf(appointment, viewer)}`} onClick={() => open(appointment.id)}>
      <Video aria-hidden="true" />
      Join
    </Button>
  );
}
