import { Button } from "@halcyon/ui/components/button";
import { cn } from "@halcyon/ui/lib/utils";
import { ChevronLeft, ChevronRight } from "lucide-react";

import { addDays, dateKey, daysFrom, isWeekend } from "../../lib/calendar-dates";
import { formatLongDay } from "../../lib/time-format";

const WEEKDAY = new Intl.DateTimeFormat("en-US", { weekday: "short" });
const MONTH = new Intl.DateTimeFormat("en-US", { month: "long" });

/** Days shown at once in the strip. */
export const STRIP_DAYS = 7;

/** "November 2026", or "Nov – Dec 2026" when the strip crosses a month. */
function stripTitle(days: Date[]): string {
  const first = days[0] ?? new Date();
  const last = days.at(-1) ?? first;
  if (first.getMonth() === last.getMonth()) return new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric" }).format(first);
  return new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric" }).formatRange(first, last);
}

type DayStripProps = {
  /** The first day shown. */
  start: Date;
  /** The chosen day (YYYY-MM-DD). */
  day: string;
  /** The strip cannot go before the first nor past the last day. */
  firstDay: Date;
  lastDay: Date;
  onMove: (start: Date) => void;
  onChoose: (day: string) => void;
};

/** A week of days to choose from, with arrows to earlier and later weeks. */
export function DayStrip({ start, day, firstDay, lastDay, onMove, onChoose }: DayStripProps) {
  const days = daysFrom(start, STRIP_DAYS);
  const move = (step: -1 | 1) => {
    const next = addDays(start, step * STRIP_DAYS);
    onMove(next < firstDay ? firstDay : next);
  };
  return (
    <>
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs font-semibold tracking-[0.16em] text-stone-600 uppercase" aria-live="polite">
          {stripTitle(days)}
        </p>
        <div className="flex items-center gap-1">
          <Button type="button" variant="ghost" size="icon" className="size-9" aria-label="Earlier days" disabled={start <= firstDay} onClick={() => move(-1)}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label="Later days"
            disabled={addDays(start, STRIP_DAYS) > lastDay}
            onClick={() => move(1)}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div role="group" aria-label="Day" className="-mt-2 grid grid-cols-7 gap-1 sm:gap-1.5">
        {days.map((date) => {
          const key = dateKey(date);
          const selected = key === day;
          return (
            <button
              key={key}
              type="button"
              aria-pressed={selected}
              data-date={key}
              title={formatLongDay(date)}
              onClick={() => onChoose(key)}
              className={cn(
                "flex min-w-0 cursor-pointer flex-col items-center gap-1 rounded-md border py-2 text-center transition-colors duration-200",
                selected ? "border-gold-600 bg-ink-900 text-ivory-50 shadow-soft" : "border-ivory-300 bg-ivory-50 text-ink-900 hover:border-gold-600/60",
                isWeekend(date) && !selected && "bg-ivory-100 text-stone-600",
              )}
            >
              <span
                className={cn("text-[0.6rem] font-semibold uppercase sm:text-[0.65rem] sm:tracking-[0.14em]", selected ? "text-gold-300" : "text-stone-600")}
              >
                {WEEKDAY.format(date)}
              </span>
              <span className="font-display text-lg leading-none sm:text-xl">
                <span className="sr-only"> </span>
                {date.getDate()}
                <span className="sr-only"> {MONTH.format(date)}</span>
              </span>
            </button>
          );
        })}
      </div>
    </>
  );
}
