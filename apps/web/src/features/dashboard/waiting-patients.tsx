import type { WaitingPatientView } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Video } from "lucide-react";
import { Link } from "react-router-dom";

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
        <div
          key={patient.visitId}
          className="flex flex-col gap-4 rounded-2xl border border-gold-400 bg-ivory-50 p-6 shadow-soft sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="grid gap-1">
            <p className="font-display text-2xl text-ink-900">{patient.patientName} is waiting in your video room</p>
            <p className="text-sm text-muted-foreground">Joined {formatAgo(patient.since)}. Open the room to admit them.</p>
          </div>
          <Button asChild>
            <Link to={`/visits/${patient.visitId}`} aria-label={`Open the room to admit ${patient.patientName}`}>
              <Video aria-hidden="true" />
              Open the room
            </Link>
          </Button>
        </div>
      ))}
    </section>
  );
}
