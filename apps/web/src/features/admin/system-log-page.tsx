import type { AuditEntryView } from "@halcyon/domain/schemas";
import { Badge } from "@halcyon/ui/components/badge";
import { Button } from "@halcyon/ui/components/button";
import { Input } from "@halcyon/ui/components/input";
import { Label } from "@halcyon/ui/components/label";
import { Skeleton } from "@halcyon/ui/components/skeleton";
import { TableCell, TableRow } from "@halcyon/ui/components/table";
import { keepPreviousData } from "@tanstack/react-query";
import { Download, ShieldCheck } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";

import { trpc } from "../../lib/trpc";
import { LoadAlert } from "./load-alert";
import { TableCard } from "./table-card";
import { ActorPicker } from "./actor-picker";
import { AdminShell, EmptyState } from "./admin-shell";
import {
  auditCsvHref,
  auditQueryFromFilters,
  dateRangeProblem,
  filtersFromSearchParams,
  hasFilters,
  searchParamsFromFilters,
  type AuditFilters,
} from "./audit-filters";
import {
  ACTION_FILTER_GROUPS,
  actionLabel,
  actorDisplayName,
  describeAuditEntry,
  describeUserAgent,
  OUTCOME_LABELS,
  targetLabel,
  type AuditOutcome,
  type PhrasingContext,
} from "./audit-phrasing";
import { SelectField } from "./select-field";
import { usePhrasingContext } from "./use-clinic-people";
import { LogPager } from "./log-pager";
import { logWhen } from "./log-when";

export const LOG_PAGE_SIZE = 50;

const OUTCOME_TONE: Record<AuditOutcome, "sage" | "rose" | "gold"> = { success: "sage", failure: "rose", denied: "rose" };

export function SystemLogPage() {
  const [params, setParams] = useSearchParams();
  // The filters live here and are mirrored in the address (bookmarkable, shareable); changes
  // are applied to the latest filters, however quickly they follow each other.
  const [filters, setFilterState] = useState<AuditFilters>(() => filtersFromSearchParams(params));
  const [actorLabel, setActorLabel] = useState<string>();
  const problem = dateRangeProblem(filters);
  const query = searchParamsFromFilters(filters).toString();

  useEffect(() => {
    setParams(new URLSearchParams(query), { replace: true });
  }, [query, setParams]);

  const updateFilters = (change: Partial<AuditFilters>) => setFilterState((current) => ({ ...current, ...change }));
  const setFilters = (next: AuditFilters) => setFilterState(next);
  const rememberActorLabel = useCallback((label: string) => setActorLabel((current) => current ?? label), []);

  return (
    <AdminShell
      section="System Logs"
      title="The system log"
      lead="Every sign-in, every look at health records, every refused access and every admin action: who, what, when and from where. Entries are chained together and cannot be quietly edited."
      actions={
        <Button asChild variant="outline">
          <a href={auditCsvHref(filters)} download>
            <Download aria-hidden="true" className="text-gold-700" />
            Export CSV
          </a>
        </Button>
      }
    >
      <div
        role="search"
        aria-label="Filter the log"
        className="grid gap-4 rounded-xl border border-hairline bg-card p-5 shadow-soft sm:grid-cols-2 sm:p-6 xl:grid-cols-[1.2fr_1.2fr_0.8fr_0.8fr_auto] xl:items-end"
      >
        <ActorPicker
          actorId={filters.actorId}
          actorLabel={actorLabel}
          onChange={(actor) => {
            setActorLabel(actor?.label);
            updateFilters({ actorId: actor?.id });
          }}
        />
        <SelectField
          id="log-action"
          label="Action"
          value={filters.action ?? "all"}
          onValueChange={(value) => updateFilters({ action: value === "all" ? undefined : value })}
          options={[{ value: "all", label: "All actions" }]}
          groups={ACTION_FILTER_GROUPS}
        />
        {(
          [
            { key: "fromDate", label: "From", bounds: { max: filters.toDate } },
            { key: "toDate", label: "To", bounds: { min: filters.fromDate } },
          ] as const
        ).map(({ key, label, bounds }) => (
          <div key={key} className="flex flex-col gap-2">
            <Label htmlFor={`log-${key}`}>{label}</Label>
            <Input
              id={`log-${key}`}
              type="date"
              value={filters[key] ?? ""}
              {...bounds}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? "log-dates-problem" : undefined}
              onChange={(event) => updateFilters({ [key]: event.target.value || undefined })}
            />
          </div>
        ))}
        <Button
          type="button"
          variant="ghost"
          disabled={!hasFilters(filters)}
          onClick={() => {
            setActorLabel(undefined);
            setFilters({});
          }}
          className="h-12"
        >
          Clear filters
        </Button>
        {problem ? (
          <p id="log-dates-problem" role="alert" className="text-sm text-rose-700 sm:col-span-2 xl:col-span-5">
            {problem}
          </p>
        ) : null}
      </div>

      {problem ? null : (
        <LogEntries
          key={query}
          filters={filters}
          onActor={(entry) => {
            if (entry.actorId === null) return;
            setActorLabel(entry.actorName ?? undefined);
            updateFilters({ actorId: entry.actorId });
          }}
          onActorLabel={rememberActorLabel}
          onClear={() => {
            setActorLabel(undefined);
            setFilters({});
          }}
        />
      )}
    </AdminShell>
  );
}

type LogEntriesProps = {
  filters: AuditFilters;
  onActor: (entry: AuditEntryView) => void;
  onActorLabel: (label: string) => void;
  onClear: () => void;
};

/** One filtered view of the log, newest first, paged by "older" and "newer" (cursors, not offsets: the log grows while you read). */
function LogEntries({ filters, onActor, onActorLabel, onClear }: LogEntriesProps) {
  const [cursors, setCursors] = useState<number[]>([]);
  const before = cursors.at(-1);
  const context = usePhrasingContext();
  const log = trpc.admin.auditLog.useQuery(
    { ...auditQueryFromFilters(filters), limit: LOG_PAGE_SIZE, ...(before ? { before } : {}) },
    { placeholderData: keepPreviousData },
  );
  const entries = log.data?.entries ?? [];
  const nextBefore = log.data?.nextBefore ?? null;
  const firstActorName = filters.actorId ? entries.find((entry) => entry.actorId === filters.actorId)?.actorName : undefined;
  useEffect(() => {
    if (firstActorName) onActorLabel(firstActorName);
  }, [firstActorName, onActorLabel]);

  if (log.isPending) {
    return (
      <div role="status" className="mt-8 grid gap-3">
        <span className="sr-only">Loading the log…</span>
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} className="h-14 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (log.isError) {
    return <LoadAlert what="The log" error={log.error} onRetry={() => void log.refetch()} className="mt-8" />;
  }
  if (entries.length === 0) {
    return (
      <EmptyState
        className="mt-8"
        title={hasFilters(filters) ? "No entries match" : "The log is empty"}
        action={
          hasFilters(filters) ? (
            <Button variant="outline" onClick={onClear}>
              Clear filters
            </Button>
          ) : undefined
        }
      >
        {hasFilters(filters) ? "Try a wider date range, another action, or everyone." : "Sign-ins, reads of records and admin actions will be recorded here."}
      </EmptyState>
    );
  }

  return (
    <div className="mt-8" aria-busy={log.isFetching}>
      <p className="mb-3 flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
        <ShieldCheck className="size-4 text-sage-700" aria-hidden="true" />
        {cursors.length === 0 ? "The latest" : `Page ${cursors.length + 1}:`} {entries.length} {entries.length === 1 ? "entry" : "entries"}, newest first
      </p>
      <TableCard label="System log entries" columns={["When", "Person", "What happened", "Record", "Outcome", "From"]}>
        {entries.map((entry) => (
          <LogRow key={entry.id} entry={entry} context={context} onActor={() => onActor(entry)} filteredByActor={Boolean(filters.actorId)} />
        ))}
      </TableCard>
      <LogPager label="Pages of the log" cursors={cursors} setCursors={setCursors} nextBefore={nextBefore} />
    </div>
  );
}

function LogRow({
  entry,
  context,
  onActor,
  filteredByActor,
}: {
  entry: AuditEntryView;
  context: PhrasingContext;
  onActor: () => void;
  filteredByActor: boolean;
}) {
  const when = logWhen(entry.occurredAt, { seconds: true });
  const who = actorDisplayName(entry, context);
  const device = describeUserAgent(entry.userAgent);
  return (
    <TableRow data-testid="log-row" data-action={entry.action} data-entry-id={entry.id}>
      <TableCell label="When" className="whitespace-nowrap">
        <time dateTime={entry.occurredAt} className="flex flex-col text-sm md:gap-0.5">
          <span className="text-ink-900">{when.date}</span>
          <span className="text-xs text-muted-foreground">{when.time}</span>
        </time>
      </TableCell>
      <TableCell label="Person">
        {entry.actorId !== null && !filteredByActor ? (
          <button
            type="button"
            onClick={onActor}
            title={`Show only ${who}`}
            className="cursor-pointer text-left text-sm text-ink-900 underline decoration-transparent underline-offset-4 transition-colors hover:decoration-gold-600"
          >
            {who}
          </button>
        ) : (
          <span className="text-sm text-ink-900">{who}</span>
        )}
      </TableCell>
      <TableCell label="What happened" className="md:max-w-[22rem]">
        <span className="flex flex-col gap-0.5 max-md:items-end">
          <span className="text-sm font-medium text-ink-900">{actionLabel(entry.action)}</span>
          <span className="text-xs leading-relaxed text-muted-foreground">{describeAuditEntry(entry, context)}</span>
        </span>
      </TableCell>
      <TableCell label="Record" className="text-sm whitespace-nowrap text-stone-600">
        {targetLabel(entry) ?? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">None</span>
          </>
        )}
      </TableCell>
      <TableCell label="Outcome">
        <Badge tone={OUTCOME_TONE[entry.outcome]}>{OUTCOME_LABELS[entry.outcome]}</Badge>
      </TableCell>
      <TableCell label="From">
        <span className="flex flex-col text-xs text-stone-600 max-md:items-end">
          <span className="font-mono">{entry.ip ?? "—"}</span>
          {device ? <span>{device}</span> : null}
        </span>
      </TableCell>
    </TableRow>
  );
}
