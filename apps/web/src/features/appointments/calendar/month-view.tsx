import type { Appointment } from "@halcyon/domain/schemas";
import { cn } from "@halcyon/ui/lib/utils";

import { cellPreview, dateKey, isSameDay, monthGrid, weekDays } from "../../../lib/calendar-dates";
import { formatLongDay } from "../../../lib/time-format";
import { AppointmentChip } from "./appointment-chip";
import { dotClass } from "./status-style";

type MonthViewProps = {
  month: Date;
  byDay: Map<string, Appointment[]>;
  /** The day picked on a phone, whose sessions are listed under the grid. */
  selectedDay: string;
  onSelectDay: (key: string) => void;
  /** "+N more" opens that day in the day view. */
  onOpenDay: (date: Date) => void;
};

const WEEKDAY = new Intl.DateTimeFormat("en-US", { weekday: "short" });
const WEEKDAY_NARROW = new Intl.DateTimeFormat("en-US", { weekday: "narrow" });

/**
 * The month at a glance: a day shows its first two sessions, then "+N more". On a phone the cells
 * are too small for words, so they show one mark per session (two at most, then "+N") and a tap
 * lists the day's sessions, with their status in words, under the grid.
 */
export function MonthView({ month, byDay, selectedDay, onSelectDay, onOpenDay }: MonthViewProps) {
  const weeks = monthGrid(month);
  const today = new Date();

  return (
    <div>
      <div aria-hidden="true" className="grid grid-cols-7 border-b border-ivory-300 pb-2">
        {weekDays(month).map((day) => (
          <span key={day.getDay()} className="text-center text-[0.7rem] font-semibold tracking-[0.16em] text-stone-600 uppercase">
            <span className="hidden sm:inline">{WEEKDAY.format(day)}</span>
            <span className="sm:hidden">{WEEKDAY_NARROW.format(day)}</span>
          </span>
        ))}
      </div>
      <ol className="grid grid-cols-7" aria-label="Days of the month">
        {weeks.flat().map((day) => {
          const key = dateKey(day);
          const sessions = byDay.get(key) ?? [];
          const { shown, more } = cellPreview(sessions);
          const inMonth = day.getMonth() === month.getMonth();
          const isToday = isSameDay(day, today);
          const count = sessions.length === 0 ? "no sessions" : `${sessions.length} ${sessions.length === 1 ? "session" : "sessions"}`;
          return (
            <li
              key={key}
              data-date={key}
              className={cn(
                "relative min-h-16 border-b border-ivory-300 p-1 sm:min-h-32 sm:border-r sm:p-1.5 sm:[&:nth-child(7n)]:border-r-0",
                !inMonth && "bg-ivory-100/70",
              )}
            >
              {/* Phones: the whole cell picks the day. */}
              <button
                type="button"
                aria-pressed={selectedDay === key}
                aria-label={`${formatLongDay(day)}, ${count}`}
                onClick={() => onSelectDay(key)}
                className={cn(
                  "flex h-full w-full cursor-pointer flex-col items-center gap-1 rounded-md pt-1 sm:hidden",
                  selectedDay === key && "bg-ink-900 text-ivory-50",
                )}
              >
                <DayNumber day={day} inMonth={inMonth} isToday={isToday} selected={selectedDay === key} />
                {sessions.length > 0 ? (
                  <span className="flex items-center gap-0.5" aria-hidden="true">
                    {shown.map((appointment) => (
                      <span key={appointment.id} className={cn("size-1.5 rounded-full", dotClass(appointment))} />
                    ))}
                    {more > 0 ? <span className="text-[0.6rem] leading-none font-semibold">+{more}</span> : null}
                  </span>
                ) : null}
              </button>

              {/* Wider screens: the day's first sessions in words. */}
              <div className="hidden h-full flex-col gap-1 sm:flex">
                <div className="flex justify-end">
                  <time dateTime={key} aria-label={formatLongDay(day)}>
                    <DayNumber day={day} inMonth={inMonth} isToday={isToday} selected={false} />
                  </time>
                </div>
                {shown.map((appointment) => (
                  <AppointmentChip key={appointment.id} appointment={appointment} />
                ))}
                {more > 0 ? (
                  <button
                    type="button"
                    onClick={() => onOpenDay(day)}
                    aria-label={`+${more} more on ${formatLongDay(day)}`}
                    className="cursor-pointer self-start rounded-sm px-1 text-xs font-medium text-gold-700 underline decoration-hairline underline-offset-4 hover:decoration-gold-600"
                  >
                    +{more} more
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function DayNumber({ day, inMonth, isToday, selected }: { day: Date; inMonth: boolean; isToday: boolean; selected: boolean }) {
  return (
    <span
      className={cn(
        "flex size-7 items-center justify-center rounded-full text-sm tabular-nums",
        isToday ? "bg-primary font-semibold text-primary-foreground" : selected ? "text-ivory-50" : inMonth ? "text-ink-900" : "text-stone-600",
      )}
    >
      {day.getDate()}
    </span>
  );
}
