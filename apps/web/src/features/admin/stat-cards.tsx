import type { AdminStats } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Skeleton } from "@halcyon/ui/components/skeleton";
import { CalendarDays, MessagesSquare, UsersRound, Wifi, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

import { messageOf } from "./feedback";

type StatsQuery = { data?: AdminStats | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

function minutesLabel(minutes: number): string {
  if (minutes % 60 === 0 && minutes >= 60) return count(minutes / 60, "hour", "hours");
  return count(minutes, "minute", "minutes");
}

/** The four figures of the specification, each saying what it counts. */
export function StatCards({ stats }: { stats: StatsQuery }) {
  if (stats.isError) {
    return (
      <div
        role="alert"
        className="mt-14 flex flex-col items-start gap-4 rounded-xl border border-rose-700/30 bg-rose-50 p-6 text-rose-700 sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="text-sm leading-relaxed">The clinic&rsquo;s figures could not be loaded. {messageOf(stats.error)}</p>
        <Button variant="outline" size="sm" onClick={() => void stats.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const data = stats.data;
  return (
    <section aria-labelledby="figures-heading" className="mt-12 md:mt-14">
      <h2 id="figures-heading" className="sr-only">
        The clinic at a glance
      </h2>
      {!data ? (
        <p role="status" className="sr-only">
          Loading the clinic&rsquo;s figures…
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 sm:gap-5 xl:grid-cols-4">
        <StatCard
          title="Total Users"
          icon={UsersRound}
          value={data?.users.total}
          caption={
            data ? (
              <>
                Active accounts: {count(data.users.patients, "patient", "patients")}, {count(data.users.doctors, "doctor", "doctors")},{" "}
                {count(data.users.admins, "admin", "admins")}
                {data.users.deactivated > 0 ? `; ${count(data.users.deactivated, "account", "accounts")} deactivated` : ""}.
              </>
            ) : null
          }
        />
        <StatCard
          title="Active Sessions"
          icon={Wifi}
          value={data?.activeSessions}
          caption={data ? <>Sign-in sessions used within the last {minutesLabel(data.idleTimeoutMinutes)} and not yet expired.</> : null}
        />
        <StatCard
          title="Appointments Today"
          icon={CalendarDays}
          value={data?.appointmentsToday}
          caption={data ? <>Sessions on the clinic&rsquo;s calendar today ({data.timeZone.replace(/_/g, " ")} time), cancellations excluded.</> : null}
        />
        <StatCard
          title="Messages"
          icon={MessagesSquare}
          value={data?.messages.today}
          caption={data ? <>Sent today between patients and doctors; {count(data.messages.total, "message", "messages")} in all.</> : null}
        />
      </div>
    </section>
  );
}

/** A figure with its name and what it counts: stacked on wider screens, side by side on a phone. */
function StatCard({ title, icon: Icon, value, caption }: { title: string; icon: LucideIcon; value: number | undefined; caption: ReactNode }) {
  const id = `stat-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <section
      aria-labelledby={id}
      data-slot="card"
      className="group relative flex flex-col overflow-hidden rounded-xl border border-hairline bg-card p-5 shadow-soft transition-shadow duration-500 hover:shadow-lifted sm:p-6"
    >
      <span aria-hidden="true" className="absolute inset-x-6 top-0 h-px bg-gradient-to-r from-transparent via-gold-500 to-transparent" />
      <div className="flex items-center justify-between gap-4">
        <h3 id={id} className="font-sans text-xs font-semibold tracking-[0.18em] text-gold-700 uppercase">
          {title}
        </h3>
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full border border-hairline text-gold-700">
          <Icon className="size-4" strokeWidth={1.5} aria-hidden="true" />
        </span>
      </div>
      {value === undefined ? (
        <div className="mt-4 flex items-center gap-4 sm:mt-6 sm:block">
          <Skeleton className="h-10 w-16 shrink-0 sm:h-12 sm:w-24" />
          <div className="grid flex-1 gap-2 sm:mt-4">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        </div>
      ) : (
        <div className="mt-3 flex items-center gap-5 sm:mt-5 sm:block">
          <p data-testid={id} className="min-w-12 shrink-0 font-display text-5xl leading-none font-medium text-ink-900 lining-nums tabular-nums sm:text-6xl">
            {value.toLocaleString("en-US")}
          </p>
          <p className="text-sm leading-relaxed text-muted-foreground sm:mt-4">{caption}</p>
        </div>
      )}
    </section>
  );
}
