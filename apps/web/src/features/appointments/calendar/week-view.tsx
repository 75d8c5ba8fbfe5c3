import type { Appointment } from "@halcyon/domain/schemas";
import { cn } from "@halcyon/ui/lib/utils";

import { counterpartOf, type Viewer } from "../../../lib/appointment-rules";
import { dateKey, isSameDay, weekDays } from "../../../lib/calendar-dates";
import { formatLongDay } from "../../../lib/time-format";
import { AppointmentChip } from "./appointment-chip";

type WeekViewProps = {
  anchor: Date;
  byDay: Map<string, Appointment[]>;
  viewer: Viewer;
  onOpenDay: (date: Date) => void;
};

const WEEKDAY = new Intl.DateTimeFormat("en-US", { weekday: "short" });
const MONTH = new Intl.DateTimeFormat("en-US", { month: "long" });

/** Seven days side by side (stacked on a phone), each with all of its sessions. */
export function WeekView({ anchor, byDay, viewer, onOpenDay }: WeekViewProps) {
  const today = new Date();
  return (
    <ol className="grid gap-3 md:grid-cols-7 md:gap-0" aria-label="Days of the week">
      {weekDays(anchor).map((day) => {
        const key = dateKey(day);
        const sessions = byDay.get(key) ?? [];
        const isToday = isSameDay(day, today);
        return (
          <li
            key={key}
            data-date={key}
            className="grid gap-2 rounded-lg border border-ivory-300 p-3 md:min-h-64 md:content-start md:rounded-none md:border-0 md:border-r md:px-1.5 md:py-2 md:last:border-r-0"
          >
            <button
              type="button"
              onClick={() => onOpenDay(day)}
              title={`Open ${formatLongDay(day)}`}
              className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1 text-left hover:bg-ivory-200 md:flex-col md:gap-1"
            >
              <span className="text-[0.7rem] font-semibold tracking-[0.16em] text-stone-600 uppercase">{WEEKDAY.format(day)}</span>
              <span
                className={cn(
                  "flex size-8 items-center justify-center rounded-full font-display text-xl tabular-nums",
                  isToday ? "bg-primary text-primary-foreground" : "text-ink-900",
                )}
              >
                <span className="sr-only"> </span>
                {day.getDate()}
                <span className="sr-only"> {MONTH.format(day)}</span>
              </span>
            </button>
            {sessions.length === 0 ? (
              <p className="px-1 text-xs text-stone-600 md:text-center">No sessions</p>
            ) : (
              <ul className="grid gap-1.5">
                {sessions.map((appointment) => (
                  <li key={appointment.id}>
                    <AppointmentChip appointment={appointment} counterpart={counterpartOf(appointment, viewer)} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
