import { Button } from "@halcyon/ui/components/button";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { CalendarSync, Link2Off, RefreshCw } from "lucide-react";
import { useState } from "react";

import { CopyField } from "../../components/copy-field";
import { CLINIC_NAME } from "../../lib/clinic";
import { formatDate } from "../../lib/time-format";
import { trpc } from "../../lib/trpc";

type CalendarFeedProps = { feed: { active: boolean; createdAt: string | null } };

/**
 * The private calendar link (iCal) for Google, Apple or Outlook: created, shown once with Copy,
 * replaced (the old one stops working) or turned off.
 */
export function CalendarFeed({ feed }: CalendarFeedProps) {
  const utils = trpc.useUtils();
  const [link, setLink] = useState<string>();

  const create = trpc.calendar.createFeed.useMutation({
    onSuccess: async ({ path }) => {
      setLink(`${window.location.origin}${path}`);
      await utils.calendar.feed.invalidate();
    },
    onError: (error) => toast({ variant: "destructive", title: "Error", description: `We couldn't create the link. ${error.message}` }),
  });
  const revoke = trpc.calendar.revokeFeed.useMutation({
    onSuccess: async () => {
      setLink(undefined);
      toast({ title: "Calendar link turned off", description: "Calendars using it will stop receiving your sessions." });
      await utils.calendar.feed.invalidate();
    },
    onError: (error) => toast({ variant: "destructive", title: "Error", description: `We couldn't turn the link off. ${error.message}` }),
  });
  const busy = create.isPending || revoke.isPending;

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] md:gap-10">
      <div className="grid content-start gap-3 text-sm leading-relaxed text-muted-foreground">
        <p>
          Subscribe from Google Calendar, Apple Calendar or Outlook, and your sessions appear there and stay up to date. Events read &ldquo;Session at{" "}
          {CLINIC_NAME}&rdquo; &mdash; no health details leave the clinic.
        </p>
        <p>Anyone with the link can see your session times, so keep it to yourself. You can replace it or turn it off at any time.</p>
      </div>

      <div className="grid content-start gap-4">
        {link ? (
          <div className="grid gap-2">
            <p className="text-sm font-medium text-ink-900">Your private link</p>
            <CopyField label="Calendar link" value={link} />
            <p className="text-xs text-muted-foreground">For your privacy it is shown only this once. Paste it where your calendar asks to subscribe by URL.</p>
          </div>
        ) : (
          <p className="flex items-center gap-3 rounded-lg border border-ivory-300 bg-ivory-100 p-4 text-sm text-ink-800">
            <CalendarSync className="size-5 shrink-0 text-gold-700" strokeWidth={1.5} aria-hidden="true" />
            {feed.active
              ? `A private link is active${feed.createdAt ? `, created ${formatDate(feed.createdAt)}` : ""}.`
              : "You have no calendar link at the moment."}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <Button variant={feed.active ? "outline" : "default"} disabled={busy} onClick={() => create.mutate()}>
            <RefreshCw aria-hidden="true" className={create.isPending ? "animate-spin" : undefined} />
            {create.isPending ? "Creating..." : feed.active ? "Replace link" : "Create private link"}
          </Button>
          {feed.active ? (
            <Button variant="ghost" disabled={busy} onClick={() => revoke.mutate()} className="text-rose-700 hover:bg-rose-50">
              <Link2Off aria-hidden="true" />
              {revoke.isPending ? "Turning off..." : "Turn off link"}
            </Button>
          ) : null}
        </div>
        {feed.active && !link ? <p className="text-xs text-muted-foreground">Replacing it stops the current link working.</p> : null}
      </div>
    </div>
  );
}
