import { Button } from "@halcyon/ui/components/button";
import { Video } from "lucide-react";
import { Link, useLocation } from "react-router-dom";

import { FloatingNotice } from "../../components/floating-notice";
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
    <FloatingNotice
      label="A video visit invitation"
      icon={Video}
      title={`${doctor} invites you to a video visit`}
      body="Check your camera and microphone, then join; your therapist will admit you."
      className="border-gold-400"
      actions={
        <>
          <Button asChild size="sm">
            <Link to={`/visits/${visitId}`} onClick={onClose}>
              Join
            </Link>
          </Button>
          <Button variant="ghost" size="sm" onClick={onClose}>
            Not now
          </Button>
        </>
      }
    />
  );
}
