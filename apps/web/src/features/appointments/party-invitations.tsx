import type { ReceivedInvitation as PartyInvitation } from "@halcyon/domain/schemas";
import { toast } from "@halcyon/ui/hooks/use-toast";

import { AnswerRow } from "../../components/answer-row";
import { SectionCard } from "../../components/section-card";
import { doctorTitle } from "../../lib/appointment-rules";
import { useTimeFormat } from "../../lib/clinic-time-zone";
import { useRefreshSchedule } from "../../lib/schedule-cache";
import { trpc } from "../../lib/trpc";

/** A patient's invitations to join a partner's couples session: shown only while one waits for an answer. */
export function PartyInvitations() {
  const invitations = trpc.parties.invitations.useQuery();
  if (!invitations.data || invitations.data.length === 0) return null;
  return (
    <SectionCard title="Invitations" description="Sessions your partner booked and asked you to join." className="mb-8">
      <ul className="grid gap-4" aria-label="Invitations to join a session">
        {invitations.data.map((invitation) => (
          <InvitationRow key={invitation.id} invitation={invitation} />
        ))}
      </ul>
    </SectionCard>
  );
}

function InvitationRow({ invitation }: { invitation: PartyInvitation }) {
  const format = useTimeFormat();
  const utils = trpc.useUtils();
  const refreshSchedule = useRefreshSchedule();
  const settled = async () => {
    await Promise.all([utils.parties.invitations.invalidate(), refreshSchedule()]);
  };
  const refused = async (error: { message: string }) => {
    toast({ variant: "destructive", title: "This invitation can no longer be answered", description: error.message });
    await settled();
  };
  const accept = trpc.parties.accept.useMutation({
    onSuccess: async (place) => {
      toast({ title: "Joined", description: `The session on ${format.dayAndTime(place.startTime)} is in your appointments.` });
      await settled();
    },
    onError: refused,
  });
  const decline = trpc.parties.decline.useMutation({
    onSuccess: async () => {
      toast({ title: "Declined", description: `${invitation.invitedBy} will see that you declined.` });
      await settled();
    },
    onError: refused,
  });
  const when = format.dayAndTime(invitation.startTime);

  return (
    <AnswerRow
      testId="party-invitation"
      decline={{
        label: "Decline",
        pendingLabel: "Declining...",
        ariaLabel: `Decline the invitation to ${when}`,
        pending: decline.isPending,
        onAnswer: () => decline.mutate({ id: invitation.id }),
      }}
      accept={{
        label: "Join the session",
        pendingLabel: "Joining...",
        ariaLabel: `Join the session on ${when}`,
        pending: accept.isPending,
        onAnswer: () => accept.mutate({ id: invitation.id }),
      }}
    >
      <p className="font-display text-xl text-ink-900">{invitation.invitedBy} asked you to join them</p>
      <p className="text-sm text-ink-800">{when}</p>
      {invitation.clinicianName ? <p className="text-sm text-muted-foreground">With {doctorTitle(invitation.clinicianName)}</p> : null}
    </AnswerRow>
  );
}
