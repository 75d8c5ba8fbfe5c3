import { Skeleton } from "@halcyon/ui/components/skeleton";
import { cn } from "@halcyon/ui/lib/utils";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router-dom";

import { trpc } from "../../lib/trpc";
import { LoadAlert } from "./load-alert";
import { recentActivity, relativeTime, type AuditOutcome } from "./audit-phrasing";
import { usePhrasingContext } from "./use-clinic-people";

/** How many moments the dashboard tells; a few more are read so repeats can be folded together. */
const SHOWN = 8;
const READ = 40;

const OUTCOME_DOT: Record<AuditOutcome, string> = {
  success: "bg-sage-500",
  failure: "bg-rose-700",
  denied: "bg-rose-700",
};
const OUTCOME_NOTE: Record<AuditOutcome, string | null> = { success: null, failure: "failed", denied: "refused" };

/** The latest goings-on, from the audit log, in words; never a record's content. */
export function RecentActivity() {
  const log = trpc.admin.auditLog.useQuery({ limit: READ });
  const context = usePhrasingContext();
  const items = log.data ? recentActivity(log.data.entries, SHOWN, context) : [];
  const now = new Date();

  return (
    <section aria-labelledby="activity-heading" className="flex flex-col">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h2 id="activity-heading" className="font-display text-3xl text-ink-900">
            Recent Activity
          </h2>
          <p className="mt-2 text-sm text-muted-foreground">From the system log, newest first.</p>
        </div>
      </div>

      <div className="mt-7 flex-1 rounded-xl border border-hairline bg-card p-6 shadow-soft sm:p-7">
        {log.isPending ? (
          <div role="status">
            <span className="sr-only">Loading recent activity…</span>
            <ul aria-hidden="true" className="grid gap-5">
              {Array.from({ length: 5 }, (_, index) => (
                <li key={index} className="flex items-center gap-4">
                  <Skeleton className="size-2 rounded-full" />
                  <Skeleton className="h-4 flex-1" />
                  <Skeleton className="h-4 w-16" />
                </li>
              ))}
            </ul>
          </div>
        ) : log.isError ? (
          <LoadAlert what="Recent activity" error={log.error} onRetry={() => void log.refetch()} framed={false} />
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center py-10 text-center">
            <span aria-hidden="true" className="size-2 rotate-45 bg-gold-500" />
            <p className="mt-5 font-display text-2xl text-ink-900">No recent activity</p>
            <p className="mt-2 max-w-xs text-sm text-muted-foreground">Sign-ins, bookings and changes will appear here as they happen.</p>
          </div>
        ) : (
          <ol className="relative grid gap-0">
            {items.map((item) => (
              <li key={item.id} className="relative flex gap-4 border-b border-ivory-300 py-3.5 first:pt-0 last:border-0 last:pb-0">
                <span aria-hidden="true" className={cn("mt-2 size-2 shrink-0 rounded-full", OUTCOME_DOT[item.outcome])} />
                <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                  <p className="text-sm leading-relaxed text-ink-900">
                    {item.sentence}
                    {item.repeats > 1 ? <span className="text-muted-foreground"> · {item.repeats} times</span> : null}
                    {OUTCOME_NOTE[item.outcome] ? <span className="sr-only"> ({OUTCOME_NOTE[item.outcome]})</span> : null}
                  </p>
                  <time dateTime={item.occurredAt} title={new Date(item.occurredAt).toLocaleString("en-US")} className="shrink-0 text-xs text-muted-foreground">
                    {relativeTime(item.occurredAt, now)}
                  </time>
                </div>
              </li>
            ))}
          </ol>
        )}
      </div>
      <Link
        to="/admin/logs"
        className="mt-5 inline-flex items-center gap-2 self-start text-sm font-medium text-ink-900 underline decoration-hairline underline-offset-[6px] hover:decoration-gold-600"
      >
        Open the full system log
        <ArrowRight className="size-4 text-gold-700" aria-hidden="true" />
      </Link>
    </section>
  );
}
