import { Button } from "@halcyon/ui/components/button";
import { Skeleton } from "@halcyon/ui/components/skeleton";
import { cn } from "@halcyon/ui/lib/utils";
import { CalendarX2, ChevronLeft, ChevronRight } from "lucide-react";
import { useId, useState } from "react";

import { addDays, dateKey, daysFrom, fromDateKey, isWeekend, nextWeekday, startOfDay } from "../../lib/calendar-dates";
import { formatLongDay, formatShortDay, formatTime, viewerTimeZone, zoneName, zonesDiffer } from "../../lib/time-format";
import { trpc } from "../../lib/trpc";

const WEEKDAY = new Intl.DateTimeFormat("en-US", { weekday: "short" });
const MONTH = new Intl.DateTimeFormat("en-US", { month: "long" });

/** "November 2026", or "Nov – Dec 2026" when the strip crosses a month. */
function stripTitle(days: Date[]): string {
  const first = days[0] ?? new Date();
  const last = days.at(-1) ?? first;
  if (first.getMonth() === last.getMonth()) return new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric" }).format(first);
  return new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric" }).formatRange(first, last);
}

/** Days shown at once in the strip, and how far ahead one may look. */
const STRIP_DAYS = 7;
const LOOK_AHEAD_DAYS = 120;

type SlotPickerProps = {
  /** Whose free times to show; until one is chosen the picker says so. */
  doctorId: number | undefined;
  /** For a doctor or admin booking for a patient: that patient's own busy times are left out too. */
  patientId?: number | undefined;
  /** The chosen start (ISO), if any. */
  value: string | undefined;
  onChange: (startTime: string | undefined) => void;
  /** Marks the group as needing an answer after a submit without one. */
  invalid?: boolean;
  /** A start to leave out of the offer, e.g. the session's current time when moving it. */
  excludeStart?: string;
};

/**
 * A day strip and the doctor's free 60-minute slots on the chosen day (GET /api/doctors/{id}/slots).
 * Days are the viewer's calendar days; times are shown in the viewer's zone, with the zone's name
 * when the clinic keeps another.
 */
export function SlotPicker({ doctorId, patientId, value, onChange, invalid = false, excludeStart }: SlotPickerProps) {
  const legendId = useId();
  const today = startOfDay(new Date());
  const [day, setDay] = useState(() => dateKey(nextWeekday(today)));
  const [stripStart, setStripStart] = useState(() => fromDateKey(day));
  const days = daysFrom(stripStart, STRIP_DAYS);
  const lastDay = addDays(today, LOOK_AHEAD_DAYS);

  const slots = trpc.appointments.slots.useQuery(
    { doctorId: doctorId ?? 0, date: day, ...(patientId ? { patientId } : {}) },
    { enabled: doctorId !== undefined },
  );
  const offered = (slots.data?.slots ?? []).filter((slot) => slot.startTime !== excludeStart);
  const clinicTimeZone = slots.data?.timeZone;
  const viewerZone = viewerTimeZone();

  const chooseDay = (key: string) => {
    setDay(key);
    onChange(undefined);
  };
  const moveStrip = (step: -1 | 1) => {
    const next = addDays(stripStart, step * STRIP_DAYS);
    setStripStart(next < today ? today : next);
  };

  return (
    <fieldset aria-describedby={invalid ? `${legendId}-error` : undefined} className="grid min-w-0 gap-4">
      <legend id={legendId} className="mb-2 text-sm font-medium text-foreground">
        Date &amp; time
      </legend>

      <div className="flex items-center justify-between gap-3">
        <p className="text-xs font-semibold tracking-[0.16em] text-stone-600 uppercase" aria-live="polite">
          {stripTitle(days)}
        </p>
        <div className="flex items-center gap-1">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label="Earlier days"
            disabled={stripStart <= today}
            onClick={() => moveStrip(-1)}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label="Later days"
            disabled={addDays(stripStart, STRIP_DAYS) > lastDay}
            onClick={() => moveStrip(1)}
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
              onClick={() => chooseDay(key)}
              className={cn(
                "flex min-w-0 cursor-pointer flex-col items-center gap-1 rounded-md border py-2 text-center transition-colors duration-200",
                selected
                  ? "border-gold-600 bg-ink-900 text-ivory-50 shadow-soft"
                  : "border-ivory-300 bg-ivory-50 text-ink-900 hover:border-gold-600/60",
                isWeekend(date) && !selected && "bg-ivory-100 text-stone-600",
              )}
            >
              <span className={cn("text-[0.6rem] font-semibold uppercase sm:text-[0.65rem] sm:tracking-[0.14em]", selected ? "text-gold-300" : "text-stone-600")}>
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

      <div className="min-h-28 rounded-lg border border-ivory-300 bg-ivory-100/70 p-4">
        <p className="text-sm font-medium text-ink-900">{formatLongDay(fromDateKey(day))}</p>
        {doctorId === undefined ? (
          <p className="mt-3 text-sm text-muted-foreground">Choose a doctor to see their free times.</p>
        ) : slots.isPending ? (
          <div role="status" className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4">
            <span className="sr-only">Finding free times…</span>
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-10 rounded-full" />
            ))}
          </div>
        ) : slots.isError ? (
          <p role="alert" className="mt-3 text-sm text-destructive">
            {slots.error.message || "We couldn't load the free times. Please try another day."}
          </p>
        ) : offered.length === 0 ? (
          <p className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
            <CalendarX2 className="size-4 shrink-0 text-gold-700" aria-hidden="true" />
            No free times on this day. Please try another.
          </p>
        ) : (
          <div role="group" aria-label={`Free times on ${formatLongDay(fromDateKey(day))}`} className="mt-3 grid grid-cols-2 gap-2 min-[420px]:grid-cols-3 sm:grid-cols-4">
            {offered.map((slot) => {
              const selected = slot.startTime === value;
              const start = new Date(slot.startTime);
              const otherDay = dateKey(start) !== day ? ` (${formatShortDay(start)})` : "";
              return (
                <button
                  key={slot.startTime}
                  type="button"
                  aria-pressed={selected}
                  onClick={() => onChange(selected ? undefined : slot.startTime)}
                  className={cn(
                    "h-10 cursor-pointer rounded-full border px-2 text-sm font-medium whitespace-nowrap transition-colors duration-200",
                    selected ? "border-gold-600 bg-primary text-primary-foreground shadow-soft" : "border-hairline bg-ivory-50 text-ink-900 hover:border-gold-600",
                  )}
                >
                  {formatTime(start, { clinicTimeZone })}
                  {otherDay}
                </button>
              );
            })}
          </div>
        )}
        {clinicTimeZone && zonesDiffer(clinicTimeZone, viewerZone) ? (
          <p className="mt-4 text-xs leading-relaxed text-muted-foreground">
            Times are shown in your time zone ({zoneName(new Date(), viewerZone)}). The clinic keeps {zoneName(new Date(), clinicTimeZone)}.
          </p>
        ) : null}
      </div>
      {invalid ? (
        <p id={`${legendId}-error`} className="text-sm text-destructive">
          Choose a day and one of the free times.
        </p>
      ) : null}
    </fieldset>
  );
}
