import { toast } from "@halcyon/ui/hooks/use-toast";
import type { LucideIcon } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";

import { useTimeFormat } from "../../lib/clinic-time-zone";
import { trpc } from "../../lib/trpc";
import { HeaderIconButton } from "./header-icon-button";

type CallButtonProps = {
  icon: LucideIcon;
  /** "Video call", or "Call" (audio only). */
  label: string;
  audioOnly: boolean;
  partnerId: number;
  /** "Dr. Vance" or "Alex", for what is said when there is no room yet. */
  partnerName: string;
  /** A doctor starts an instant visit when no room is open; a patient is told when theirs opens. */
  mayStartVisit: boolean;
};

/**
 * A call from the chat: into the room the two can meet in now (an instant visit, or their session's
 * open room); otherwise a doctor starts an instant visit, and a patient hears when their next
 * session's room opens.
 */
export function CallButton({ icon, label, audioOnly, partnerId, partnerName, mayStartVisit }: CallButtonProps) {
  const utils = trpc.useUtils();
  const startVisit = trpc.visits.startInstant.useMutation();
  const navigate = useNavigate();
  const format = useTimeFormat();
  const [busy, setBusy] = useState(false);

  const call = async () => {
    setBusy(true);
    try {
      const now = await utils.visits.withPartner.fetch({ partnerId }, { staleTime: 0 });
      const visitId = now.visitId ?? (mayStartVisit ? (await startVisit.mutateAsync({ patientId: partnerId })).id : null);
      if (visitId !== null) {
        navigate(`/visits/${visitId}${audioOnly ? "?audio" : ""}`);
        return;
      }
      toast({
        title: "No session is open yet",
        description: now.nextOpensAt
          ? `Your next session's room opens ${format.dayAndTime(now.nextOpensAt)}. You can join from here, or from your dashboard.`
          : `You have no session booked with ${partnerName}. Book one, and its room opens a quarter of an hour before it starts.`,
      });
    } catch (error) {
      toast({ title: "The call could not start", description: error instanceof Error ? error.message : "Please try again in a moment." });
    } finally {
      setBusy(false);
    }
  };

  return (
    <HeaderIconButton
      icon={icon}
      label={label}
      tooltip={audioOnly ? `Call ${partnerName}, audio only` : `Video call with ${partnerName}`}
      disabled={busy}
      onClick={() => void call()}
    />
  );
}
