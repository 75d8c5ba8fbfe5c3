import type { RatedSessionLike } from "@halcyon/domain/schemas";
import { CHART_SCALE, NO_PROGRESS_DATA, progressChart } from "@halcyon/domain/rules";
import { Tooltip, TooltipContent, TooltipTrigger } from "@halcyon/ui/components/tooltip";
import { cn } from "@halcyon/ui/lib/utils";
import { Minus, Sparkles, TrendingDown, TrendingUp } from "lucide-react";

import { EmptyState } from "../empty-state";
import { dateTimeFormat } from "../../lib/date-time-format";
import { formatDate } from "../../lib/time-format";

const GRIDLINES = [10, 5, 0];

type ProgressChartProps = {
  sessions: readonly RatedSessionLike[];
  /** Whose progress, when someone else (their doctor) reads it: the chart then speaks about them. */
  patient?: { firstName: string; fullName: string };
};

/**
 * Progress Over Time, by the specification's rules (computed by the domain's progressChart):
 * the last ten rated sessions, oldest first, bars scaled to 10; the average to one decimal and the
 * trend with its sign; a tooltip per bar with the rating, the date and 50 characters of notes;
 * the insight messages; and the empty state.
 */
export function ProgressChart({ sessions, patient }: ProgressChartProps) {
  const chart = progressChart(sessions, patient?.firstName);
  const subject = patient ? `${patient.fullName}'s ratings` : "Your ratings";

  if (chart.bars.length === 0) {
    return (
      <EmptyState icon={Sparkles} title={NO_PROGRESS_DATA}>
        {patient ? "Ratings appear here as sessions are rated." : "Ratings appear here after sessions, as your clinician records them."}
      </EmptyState>
    );
  }

  const TrendIcon = chart.trend > 0 ? TrendingUp : chart.trend < 0 ? TrendingDown : Minus;

  return (
    <div className="grid gap-8">
      <dl className="flex flex-wrap gap-x-12 gap-y-4">
        <div>
          <dt className="text-xs font-semibold tracking-[0.2em] text-stone-600 uppercase">Average</dt>
          <dd className="mt-1 font-display text-4xl text-ink-900" data-testid="progress-average">
            {chart.average?.toFixed(1)}
            <span className="ml-1 font-sans text-sm text-muted-foreground">/ {CHART_SCALE}</span>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-[0.2em] text-stone-600 uppercase">Trend</dt>
          <dd
            className={cn(
              "mt-1 flex items-center gap-2 font-display text-4xl",
              chart.trend < 0 ? "text-rose-700" : chart.trend > 0 ? "text-sage-700" : "text-ink-900",
            )}
            data-testid="progress-trend"
          >
            <TrendIcon className="size-6" strokeWidth={1.5} aria-hidden="true" />
            {chart.trendLabel}
          </dd>
        </div>
      </dl>

      <figure className="grid gap-3">
        <div className="relative h-56 pl-8 sm:h-64">
          {/* The scale: 10 at the top, 0 at the base. Each line is the middle of its row (beside its
              label), so the row is moved down by half its height to put the line on its value. */}
          {GRIDLINES.map((line) => (
            <div
              key={line}
              aria-hidden="true"
              className="absolute inset-x-0 flex translate-y-1/2 items-center gap-2"
              style={{ bottom: `${(line / CHART_SCALE) * 100}%` }}
            >
              <span className="w-6 -translate-y-px text-right text-[0.7rem] text-stone-600 tabular-nums">{line}</span>
              <span
                data-gridline={line}
                className={cn(
                  "h-px flex-1",
                  line === 0
                    ? "bg-ivory-400"
                    : "bg-ivory-300 [background-image:linear-gradient(90deg,var(--color-ivory-300)_50%,transparent_50%)] [background-size:8px_1px] bg-transparent",
                )}
              />
            </div>
          ))}
          <ol aria-label={`${subject}, oldest first`} className="relative flex h-full items-end gap-2 pl-2 sm:gap-4">
            {chart.bars.map((bar, index) => (
              <li key={`${bar.createdAt}-${index}`} className="flex h-full min-w-0 flex-1 items-end justify-center">
                <Tooltip>
                  <TooltipTrigger asChild>
                    <button
                      type="button"
                      aria-label={`${formatDate(bar.createdAt)}: rated ${bar.rating} out of ${CHART_SCALE}`}
                      data-testid="progress-bar"
                      data-rating={bar.rating}
                      className="group relative flex h-full w-full max-w-12 cursor-default items-end rounded-t-md outline-offset-2"
                    >
                      <span
                        data-testid="progress-fill"
                        className="relative w-full origin-bottom animate-[grow-up_900ms_var(--ease-gentle)_both] rounded-t-md bg-linear-to-t from-gold-600 to-gold-400 shadow-[inset_0_1px_0_rgb(255_255_255/0.35)] transition-[filter] duration-300 group-hover:brightness-110 group-focus-visible:brightness-110"
                        style={{ height: `${bar.heightPercent}%`, animationDelay: `${index * 60}ms` }}
                      >
                        <span className="absolute -top-6 left-1/2 -translate-x-1/2 text-xs font-semibold text-ink-900 tabular-nums">{bar.rating}</span>
                      </span>
                    </button>
                  </TooltipTrigger>
                  <TooltipContent className="max-w-64 px-4 py-3 leading-relaxed">
                    <span className="block font-display text-base font-semibold">
                      Rating {bar.rating}/{CHART_SCALE}
                    </span>
                    <span className="block text-gold-200">{formatDate(bar.createdAt)}</span>
                    {bar.noteExcerpt ? <span className="mt-1 block font-normal text-ivory-200">{bar.noteExcerpt}</span> : null}
                  </TooltipContent>
                </Tooltip>
              </li>
            ))}
          </ol>
        </div>
        <div aria-hidden="true" className="flex gap-2 pl-10 sm:gap-4">
          {chart.bars.map((bar, index) => (
            <span key={`${bar.createdAt}-${index}`} className="min-w-0 flex-1 truncate text-center text-[0.7rem] text-stone-600">
              <span className="hidden sm:inline">{dateTimeFormat("en-US", { month: "short", day: "numeric" }).format(new Date(bar.createdAt))}</span>
              <span className="sm:hidden">{dateTimeFormat("en-US", { month: "numeric", day: "numeric" }).format(new Date(bar.createdAt))}</span>
            </span>
          ))}
        </div>
        <figcaption className="sr-only">
          Progress ratings of the last {chart.bars.length} rated sessions, on a scale of 0 to {CHART_SCALE}.
        </figcaption>
      </figure>

      {chart.insights.length > 0 ? (
        <ul className="grid gap-3" aria-label="Insights">
          {chart.insights.map((insight) => (
            <li key={insight} className="flex gap-3 rounded-lg bg-ivory-100 p-4 text-sm leading-relaxed text-ink-800">
              <Sparkles className="mt-0.5 size-4 shrink-0 text-gold-700" strokeWidth={1.5} aria-hidden="true" />
              {insight}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
