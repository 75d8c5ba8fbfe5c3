import type { Appointment } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Card } from "@halcyon/ui/components/card";
import { cn } from "@halcyon/ui/lib/utils";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useId } from "react";

import { AppointmentRow } from "../../../components/scheduling/appointment-row";
import type { Viewer } from "../../../lib/appointment-rules";
import { fromDateKey, groupByDay, type CalendarView } from "../../../lib/calendar-dates";
import { formatLongDay } from "../../../lib/time-format";
import { calendarTitle, STEP_NAME } from "./calendar-title";
import { DayView } from "./day-view";
import { MonthView } from "./month-view";
import { LEGEND, legendDotClass } from "./status-style";
import { WeekView } from "./week-view";

const VIEWS: { view: CalendarView; label: string }[] = [
  { view: "month", label: "Month" },
  { view: "week", label: "Week" },
  { view: "day", label: "Day" },
];

type CalendarCardProps = {
  view: CalendarView;
  anchor: Date;
  appointments: Appointment[];
  /** True while a newly shown range is being read. */
  updating: boolean;
  viewer: Viewer;
  selectedDay: string;
  onSelectDay: (key: string) => void;
  onViewChange: (view: CalendarView) => void;
  onStep: (step: -1 | 1) => void;
  onToday: () => void;
  onOpenDay: (date: Date) => void;
};

/** The calendar: month, week or day, with its own navigation, a legend, and (on phones) the picked day's sessions. */
export function CalendarCard(props: CalendarCardProps) {
  const { view, anchor, appointments, updating, viewer, selectedDay, onSelectDay, onViewChange, onStep, onToday, onOpenDay } = props;
  const titleId = useId();
  const byDay = groupByDay(appointments);
  const selectedSessions = byDay.get(selectedDay) ?? [];

  return (
    <Card role="region" aria-labelledby={titleId} className="gap-6 px-4 py-6 sm:px-7 sm:py-7">
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div className="flex items-center gap-3">
          <h2 id={titleId} aria-live="polite" className="font-display text-[1.7rem] leading-tight text-ink-900 sm:text-3xl">
            {calendarTitle(view, anchor)}
          </h2>
          <span role="status" className={cn("text-xs text-muted-foreground transition-opacity", updating ? "opacity-100" : "opacity-0")}>
            {updating ? "Updating…" : ""}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <div className="flex items-center gap-1">
            <Button variant="ghost" size="icon" aria-label={`Previous ${STEP_NAME[view]}`} onClick={() => onStep(-1)}>
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button variant="outline" size="sm" onClick={onToday}>
              Today
            </Button>
            <Button variant="ghost" size="icon" aria-label={`Next ${STEP_NAME[view]}`} onClick={() => onStep(1)}>
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
          <div role="group" aria-label="Calendar view" className="flex rounded-full border border-hairline bg-ivory-100 p-1">
            {VIEWS.map(({ view: option, label }) => (
              <button
                key={option}
                type="button"
                aria-pressed={view === option}
                onClick={() => onViewChange(option)}
                className={cn(
                  "h-8 cursor-pointer rounded-full px-4 text-sm font-medium transition-colors duration-200",
                  view === option ? "bg-ink-900 text-ivory-50 shadow-soft" : "text-ink-800 hover:bg-ivory-200",
                )}
              >
                {label}
              </button>
            ))}
          </div>
        </div>
      </div>

      <div aria-busy={updating} data-testid="calendar-body" className={cn("transition-opacity duration-300", updating && "opacity-60")}>
        {view === "month" ? (
          <MonthView month={anchor} byDay={byDay} selectedDay={selectedDay} onSelectDay={onSelectDay} onOpenDay={onOpenDay} />
        ) : view === "week" ? (
          <WeekView anchor={anchor} byDay={byDay} viewer={viewer} onOpenDay={onOpenDay} />
        ) : (
          <DayView day={anchor} byDay={byDay} viewer={viewer} />
        )}
      </div>

      {view === "month" ? (
        <section aria-label={`Sessions on ${formatLongDay(fromDateKey(selectedDay))}`} className="grid gap-4 sm:hidden">
          <p className="font-display text-xl text-ink-900">{formatLongDay(fromDateKey(selectedDay))}</p>
          {selectedSessions.length === 0 ? (
            <p className="text-sm text-muted-foreground">No sessions on this day.</p>
          ) : (
            <ul className="grid gap-5">
              {selectedSessions.map((appointment) => (
                <li key={appointment.id}>
                  <AppointmentRow appointment={appointment} viewer={viewer} showDate={false} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      <ul aria-label="Legend" className="flex flex-wrap gap-x-6 gap-y-2 border-t border-ivory-300 pt-5">
        {LEGEND.map((entry) => (
          <li key={entry.label} className="flex items-center gap-2 text-xs text-stone-600">
            <span aria-hidden="true" className={cn("size-2 rounded-full", legendDotClass(entry.tone))} />
            {entry.label}
          </li>
        ))}
      </ul>
    </Card>
  );
}
