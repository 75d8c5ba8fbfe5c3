import type { WaitlistEntry } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { Clock3 } from "lucide-react";
import type { ReactNode } from "react";

import { EmptyState } from "../../components/empty-state";
import { doctorTitle } from "../../lib/appointment-rules";
import { trpc } from "../../lib/trpc";
import { describeTimes, waitedPhrase } from "./waitlist-form";

/** A patient's waitlist entries: whose hours, which days and times, until when; and Leave. */
export function OwnEntries({ entries, joinAction }: { entries: WaitlistEntry[]; joinAction: ReactNode }) {
  if (entries.length === 0) {
    return (
      <EmptyState icon={Clock3} title="You are not on a waitlist" action={joinAction}>
        Join one, and when a time that suits you is freed, it is offered to you by email and here.
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-4" aria-label="Your waitlists">
      {entries.map((entry) => (
        <EntryRow key={entry.id} entry={entry} />
      ))}
    </ul>
  );
}

function EntryRow({ entry }: { entry: WaitlistEntry }) {
  const utils = trpc.useUtils();
  const leave = trpc.waitlist.leave.useMutation({
    onSuccess: async () => {
      toast({ title: "You have left the waitlist" });
      await utils.waitlist.invalidate();
    },
    onError: (error) => toast({ variant: "destructive", title: "Error", description: `We couldn't take you off the waitlist. ${error.message}` }),
  });
  const whose = entry.doctorName ? doctorTitle(entry.doctorName) : `Any doctor${entry.serviceName ? ` · ${entry.serviceName}` : ""}`;
  return (
    <li className="flex flex-col gap-3 border-b border-ivory-300 pb-4 last:border-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid gap-1">
        <p className="font-medium text-ink-900">{whose}</p>
        <p className="text-sm text-muted-foreground">{describeTimes(entry.times)}</p>
        <p className="text-xs text-muted-foreground">
          Until {entry.untilDate} · {waitedPhrase(entry.waitedDays)}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={leave.isPending}
        onClick={() => leave.mutate({ id: entry.id })}
        aria-label={`Leave the waitlist for ${whose}`}
      >
        Leave
      </Button>
    </li>
  );
}
