import type { Group } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { UsersRound } from "lucide-react";
import { useState } from "react";

import { SectionCard } from "../../components/section-card";
import { doctorTitle, type Viewer } from "../../lib/appointment-rules";
import { useTimeFormat } from "../../lib/clinic-time-zone";
import { useRefreshSchedule } from "../../lib/schedule-cache";
import { trpc } from "../../lib/trpc";
import { SetGroupDialog } from "./set-group-dialog";

/** Seats as a member or a doctor reads them: "3 of 8 places taken", or that it is full. */
export function seatsLine(group: Pick<Group, "taken" | "capacity" | "full">): string {
  return group.full ? `Full: all ${group.capacity} places are taken` : `${group.taken} of ${group.capacity} places taken`;
}

/**
 * Groups still to come. A patient sees their doctors' open groups and joins one (never who else is
 * in it); a doctor sets their own groups and sees who is in each. Shown to a patient only when
 * their doctors have one.
 */
export function GroupsCard({ viewer }: { viewer: Viewer & { id: number } }) {
  const groups = trpc.parties.groups.useQuery();
  const [setting, setSetting] = useState(false);
  const isDoctor = viewer.role === "doctor";
  if (!isDoctor && (!groups.data || groups.data.length === 0)) return null;
  return (
    <SectionCard
      title={isDoctor ? "Your groups" : "Groups"}
      description={
        isDoctor
          ? "Sessions of several patients: they join from their appointments, or you add them."
          : "Sessions your clinicians hold for several patients. Join one that suits you."
      }
      action={
        isDoctor ? (
          <Button size="sm" onClick={() => setSetting(true)}>
            <UsersRound className="size-4" aria-hidden="true" />
            Set a group
          </Button>
        ) : undefined
      }
      className="mt-8"
    >
      {groups.data && groups.data.length > 0 ? (
        <ul className="grid gap-4" aria-label={isDoctor ? "Your groups" : "Open groups"}>
          {groups.data.map((group) => (
            <GroupRow key={group.id} group={group} isDoctor={isDoctor} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">You have no groups coming up.</p>
      )}
      {isDoctor ? <SetGroupDialog open={setting} onOpenChange={setSetting} doctorId={viewer.id} /> : null}
    </SectionCard>
  );
}

function GroupRow({ group, isDoctor }: { group: Group; isDoctor: boolean }) {
  const format = useTimeFormat();
  const utils = trpc.useUtils();
  const refreshSchedule = useRefreshSchedule();
  const settled = async () => {
    await Promise.all([utils.parties.groups.invalidate(), refreshSchedule()]);
  };
  const join = trpc.parties.joinGroup.useMutation({
    onSuccess: async () => {
      toast({ title: "Joined", description: `Your place on ${format.dayAndTime(group.startTime)} is in your appointments.` });
      await settled();
    },
    onError: async (error) => {
      toast({ variant: "destructive", title: "You could not join this group", description: error.message });
      await settled();
    },
  });
  const cancel = trpc.parties.cancelGroup.useMutation({
    onSuccess: async () => {
      toast({ title: "Group cancelled", description: "Everyone in it has been told." });
      await settled();
    },
    onError: (error) => toast({ variant: "destructive", title: "The group was not cancelled", description: error.message }),
  });
  const when = format.dayAndTime(group.startTime);

  return (
    <li className="flex flex-col gap-4 rounded-lg border border-hairline bg-ivory-100 p-5 sm:flex-row sm:items-center sm:justify-between" data-testid="group">
      <div className="grid gap-1">
        <p className="font-display text-xl text-ink-900">{group.title}</p>
        <p className="text-sm text-ink-800">{when}</p>
        <p className="text-sm text-muted-foreground">
          {isDoctor ? "" : `With ${doctorTitle(group.doctorName)} · `}
          {seatsLine(group)}
        </p>
        {isDoctor && group.members && group.members.length > 0 ? (
          <p className="text-sm text-ink-800">{group.members.map((member) => member.name).join(", ")}</p>
        ) : null}
      </div>
      {isDoctor ? (
        <Button
          variant="outline"
          size="sm"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate({ id: group.id })}
          aria-label={`Cancel the group on ${when}`}
        >
          {cancel.isPending ? "Cancelling..." : "Cancel group"}
        </Button>
      ) : group.placeId !== undefined ? (
        <p className="text-sm font-medium text-sage-700">You have a place</p>
      ) : (
        <Button size="sm" disabled={group.full || join.isPending} onClick={() => join.mutate({ id: group.id })} aria-label={`Join the group on ${when}`}>
          {join.isPending ? "Joining..." : group.full ? "Full" : "Join"}
        </Button>
      )}
    </li>
  );
}
