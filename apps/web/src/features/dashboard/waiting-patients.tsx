import type { WaitingPatientView } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Video } from "lucide-react";
import { Link } from "react-router-dom";

import { DashboardBanner } from "../../components/dashboard-banner";
import { useRealtimeNotices } from "../../lib/realtime/use-realtime";
import { formatAgo } from "../../lib/time-format";
import { trpc } from "../../lib/trpc";

const ROOM_EVENTS = new Set(["visit_waiting", "visit_join", "visit_leave", "visit_admit", "visit_end"]);

/** Patients waiting in the doctor's video rooms, kept live: each with the way into the room to admit them. */
export function WaitingPatients({ waiting }: { waiting: WaitingPatientView[] }) {
  const utils = trpc.useUtils();
  useRealtimeNotices((notice) => {
    if (ROOM_EVENTS.has(notice.type) || (notice.type === "connected" && notice.data.reconnected)) void utils.visits.waiting.invalidate();
  });
  if (waiting.length === 0) return null;
  return (
    <section aria-label="Waiting for you" className="mb-8 grid gap-3">
      {waiting.map((patient) => (
        <DashboardBanner
          key={patient.visitId}
          title={`${patient.patientName} is waiting in your video room`}
          detail={`Joined ${formatAgo(patient.since)}. Open the room to admit them.`}
          action={
            <Button asChild>
              <Link to={`/visits/${patient.visitId}`} aria-label={`Open the room to admit ${patient.patientName}`}>
                <Video aria-hidden="true" />
                Open the room
              </Link>
            </Button>
          }
        />
      ))}
    </section>
  );
}
