// Calendar arithmetic in the viewer's own time zone (the browser's local time). Days move by
// calendar date, never by adding 24 hours, so a week that crosses a daylight-saving change still
// has seven days, each starting at its own local midnight.

/** Weeks start on Monday, as the clinic's "this week" does. */
export const WEEK_STARTS_ON = 1;
export const DAYS_PER_WEEK = 7;

/** "2026-11-24": the local calendar date of an instant. */
export function dateKey(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight of a "YYYY-MM-DD" date. */
export function fromDateKey(key: string): Date {
  const [year, month, day] = key.split("-").map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** The same local time of day, `days` calendar days later (or earlier). */
export function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

export function startOfWeek(date: Date): Date {
  const day = startOfDay(date);
  const offset = (day.getDay() - WEEK_STARTS_ON + DAYS_PER_WEEK) % DAYS_PER_WEEK;
  return addDays(day, -offset);
}

export function startOfMonth(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), 1);
}

/** The first day of the month `months` after the one `date` is in. */
export function addMonths(date: Date, months: number): Date {
  return new Date(date.getFullYear(), date.getMonth() + months, 1);
}

export function isSameDay(a: Date, b: Date): boolean {
  return dateKey(a) === dateKey(b);
}

export function isWeekend(date: Date): boolean {
  return date.getDay() === 0 || date.getDay() === 6;
}

/** The day itself, or the Monday after when it falls on a weekend: the first day worth offering for a booking. */
export function nextWeekday(date: Date): Date {
  let day = startOfDay(date);
  while (isWeekend(day)) day = addDays(day, 1);
  return day;
}

/** The weeks a month calendar shows: whole weeks, Monday first, from the week of the 1st to the week of the last day. */
export function monthGrid(month: Date): Date[][] {
  const first = startOfMonth(month);
  const last = addDays(addMonths(first, 1), -1);
  const weeks: Date[][] = [];
  for (let weekStart = startOfWeek(first); weekStart <= last; weekStart = addDays(weekStart, DAYS_PER_WEEK)) {
    weeks.push(Array.from({ length: DAYS_PER_WEEK }, (_, index) => addDays(weekStart, index)));
  }
  return weeks;
}

/** The seven days of the week `date` is in, Monday first. */
export function weekDays(date: Date): Date[] {
  const start = startOfWeek(date);
  return Array.from({ length: DAYS_PER_WEEK }, (_, index) => addDays(start, index));
}

/** `count` consecutive days from `from`'s date. */
export function daysFrom(from: Date, count: number): Date[] {
  const start = startOfDay(from);
  return Array.from({ length: count }, (_, index) => addDays(start, index));
}

export type CalendarView = "month" | "week" | "day";

/** The instants a view covers: from its first local midnight up to (not including) the one after its last day. */
export function viewRange(view: CalendarView, anchor: Date): { from: Date; to: Date } {
  if (view === "day") {
    const from = startOfDay(anchor);
    return { from, to: addDays(from, 1) };
  }
  if (view === "week") {
    const from = startOfWeek(anchor);
    return { from, to: addDays(from, DAYS_PER_WEEK) };
  }
  const weeks = monthGrid(anchor);
  const from = weeks[0]?.[0] ?? startOfMonth(anchor);
  const lastWeek = weeks.at(-1) ?? [];
  return { from, to: addDays(lastWeek.at(-1) ?? from, 1) };
}

/** The anchor one step back or forward in a view: a month, a week or a day. */
export function stepAnchor(view: CalendarView, anchor: Date, step: -1 | 1): Date {
  if (view === "month") return addMonths(anchor, step);
  return addDays(startOfDay(anchor), step * (view === "week" ? DAYS_PER_WEEK : 1));
}

/** Items grouped by the local date they start on, each day's in start order. */
export function groupByDay<T extends { startTime: string }>(items: readonly T[]): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const item of [...items].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))) {
    const key = dateKey(new Date(item.startTime));
    const day = days.get(key);
    if (day) day.push(item);
    else days.set(key, [item]);
  }
  return days;
}

/** A month cell shows this many sessions, then "+N more". */
export const CELL_PREVIEW = 2;

export function cellPreview<T>(items: readonly T[], shown: number = CELL_PREVIEW): { shown: T[]; more: number } {
  return { shown: items.slice(0, shown), more: Math.max(0, items.length - shown) };
}
