import { addDays, startOfWeek, type CalendarView } from "../../../lib/calendar-dates";

/** The heading of a calendar view: "November 2026", "Nov 23 – 29, 2026", "Tuesday, November 24, 2026". */
export function calendarTitle(view: CalendarView, anchor: Date): string {
  if (view === "month") return new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric" }).format(anchor);
  if (view === "day") return new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric" }).format(anchor);
  const start = startOfWeek(anchor);
  const end = addDays(start, 6);
  return new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" }).formatRange(start, end);
}

/** What the arrows step by, for their names: "Previous month". */
export const STEP_NAME: Record<CalendarView, string> = { month: "month", week: "week", day: "day" };
