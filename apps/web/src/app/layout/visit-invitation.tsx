import { Button } from "@halcyon/ui/components/button";
import { Video } from "lucide-react";
import { Link, useLocation } from "react-router-dom";

import { doctorTitle } from "../../lib/appointment-rules";
import { trpc } from "../../lib/trpc";

/**
 * A doctor's invitation to an instant video visit, wherever the patient is in the app (the root
 * layout hears it): a card over the page's foot with Join, until they join or decline.
 */
export function VisitInvitation({ visitId, onClose }: { visitId: number; onClose: () => void }) {
  const { pathname } = useLocation();
  const visit = trpc.visits.byId.useQuery({ id: visitId });
  if (pathname === `/visits/${visitId}` || !visit.data || visit.data.state !== "open") return null;
  const doctor = doctorTitle(`${visit.data.otherParty.firstName} ${visit.data.otherParty.lastName}`);

  return (
    <aside
      aria-label="A video visit invitation"
      className="fixed inset-x-3 bottom-3 z-40 animate-rise rounded-xl border border-gold-400 bg-card p-5 shadow-lifted sm:inset-x-auto sm:right-6 sm:bottom-6 sm:max-w-md sm:p-6"
    >
      <div className="flex gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gold-200/60 text-gold-800">
          <Video className="size-5" strokeWidth={1.4} aria-hidden="true" />
        </span>
        <div className="grid gap-2">
          <h2 className="font-display text-xl leading-snug text-ink-900">{doctor} invites you to a video visit</h2>
          <p className="text-sm leading-relaxed text-muted-foreground">Check your camera and microphone, then join; your therapist will admit you.</p>
          <div className="mt-2 flex flex-wrap gap-3">
            <Button asChild size="sm">
              <Link to={`/visits/${visitId}`} onClick={onClose}>
                Join
              </Link>
            </Button>
            <Button variant="ghost" size="sm" onClick={onClose}>
              Not now
            </Button>
          </div>
        </div>
      </div>
    </aside>
  );
}
