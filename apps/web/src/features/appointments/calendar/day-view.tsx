import type { Appointment } from "@halcyon/domain/schemas";
import { CalendarHeart } from "lucide-react";

import { EmptyState } from "../../../components/empty-state";
import { AppointmentRow } from "../../../components/scheduling/appointment-row";
import type { Viewer } from "../../../lib/appointment-rules";
import { dateKey } from "../../../lib/calendar-dates";

type DayViewProps = {
  day: Date;
  byDay: Map<string, Appointment[]>;
  viewer: Viewer;
};

const HOUR = new Intl.DateTimeFormat("en-US", { hour: "numeric" });
/** The rail always shows the working day; sessions outside it widen it. */
const RAIL_FROM = 8;
const RAIL_TO = 18;

/** One day, hour by hour, with each session in full. */
export function DayView({ day, byDay, viewer }: DayViewProps) {
  const sessions = byDay.get(dateKey(day)) ?? [];
  if (sessions.length === 0) {
    return (
      <EmptyState icon={CalendarHeart} title="Nothing booked on this day">
        Choose another day, or switch to the week or the month.
      </EmptyState>
    );
  }

  const hours = sessions.map((appointment) => new Date(appointment.startTime).getHours());
  const from = Math.min(RAIL_FROM, ...hours);
  const to = Math.max(RAIL_TO, ...hours);
  const rail = Array.from({ length: to - from + 1 }, (_, index) => from + index);

  return (
    <ol className="grid" aria-label="Hours of the day">
      {rail.map((hour) => {
        const inHour = sessions.filter((appointment) => new Date(appointment.startTime).getHours() === hour);
        const label = HOUR.format(new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour));
        return (
          <li key={hour} className="grid grid-cols-[3.5rem_1fr] gap-4 border-t border-ivory-300 sm:grid-cols-[5rem_1fr]">
            <span className="pt-2 text-right text-xs text-stone-600 tabular-nums">{label}</span>
            <div className={inHour.length > 0 ? "grid gap-3 py-3" : "min-h-9"}>
              {inHour.map((appointment) => (
                <div key={appointment.id} className="rounded-lg border border-hairline bg-ivory-50 p-4 shadow-soft">
                  <AppointmentRow appointment={appointment} viewer={viewer} showDate={false}>
                    {appointment.description ? <p className="text-sm leading-relaxed text-ink-800">{appointment.description}</p> : null}
                  </AppointmentRow>
                </div>
              ))}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
