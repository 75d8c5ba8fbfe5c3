// A doctor's (or the clinic's) weekly hours as the editor holds them: for each weekday, the
// periods it is open. The server speaks in a flat list of {weekday, start, end}; weekday 0 is Sunday.

export type WorkingPeriod = { weekday: number; start: string; end: string };
export type DayPeriod = { start: string; end: string };
/** Index = weekday (0 = Sunday … 6 = Saturday); an empty day is closed. */
export type WeeklyHours = DayPeriod[][];

/** The server accepts at most three periods a day. */
export const MAX_PERIODS_PER_DAY = 3;

/** The week as people in the clinic read it: Monday first. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const WEEKDAY_SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** The period a day gets when it is opened with nothing to copy from. */
export const DEFAULT_PERIOD: DayPeriod = { start: "09:00", end: "17:00" };

const byStart = (a: DayPeriod, b: DayPeriod) => a.start.localeCompare(b.start);

export function emptyWeek(): WeeklyHours {
  return Array.from({ length: 7 }, () => []);
}

export function weekFromPeriods(periods: readonly WorkingPeriod[]): WeeklyHours {
  const week = emptyWeek();
  for (const { weekday, start, end } of periods) week[weekday]?.push({ start, end });
  return week.map((day) => [...day].sort(byStart));
}

/** The flat list the server takes, in weekday order (Sunday first) and start time. */
export function periodsFromWeek(week: WeeklyHours): WorkingPeriod[] {
  return week.flatMap((day, weekday) => [...day].sort(byStart).map(({ start, end }) => ({ weekday, start, end })));
}

function replaceDay(week: WeeklyHours, weekday: number, day: DayPeriod[]): WeeklyHours {
  return week.map((current, index) => (index === weekday ? day : current));
}

/**
 * Opens or closes a day. An opened day copies the nearest open day before it in the week (so
 * "open Tuesday" after a 9–5 Monday gives 9–5), or the default period.
 */
export function setDayOpen(week: WeeklyHours, weekday: number, open: boolean): WeeklyHours {
  if (!open) return replaceDay(week, weekday, []);
  if ((week[weekday]?.length ?? 0) > 0) return week;
  const position = WEEK_ORDER.indexOf(weekday as (typeof WEEK_ORDER)[number]);
  const earlier = [...WEEK_ORDER.slice(0, position)].reverse().concat(WEEK_ORDER.slice(position + 1));
  const template = earlier.map((day) => week[day] ?? []).find((day) => day.length > 0);
  return replaceDay(week, weekday, template ? template.map((period) => ({ ...period })) : [{ ...DEFAULT_PERIOD }]);
}

/** Adds a period after the day's last one (an hour after it ends, two hours long, within the day). */
export function addPeriod(week: WeeklyHours, weekday: number): WeeklyHours {
  const day = week[weekday] ?? [];
  if (day.length >= MAX_PERIODS_PER_DAY) return week;
  const last = [...day].sort(byStart).at(-1);
  if (!last) return replaceDay(week, weekday, [{ ...DEFAULT_PERIOD }]);
  const startMinutes = Math.min(minutesOf(last.end) + 60, 22 * 60);
  const endMinutes = Math.min(startMinutes + 120, 24 * 60);
  return replaceDay(week, weekday, [...day, { start: clockOf(startMinutes), end: clockOf(endMinutes) }]);
}

export function updatePeriod(week: WeeklyHours, weekday: number, index: number, change: Partial<DayPeriod>): WeeklyHours {
  const day = week[weekday] ?? [];
  return replaceDay(
    week,
    weekday,
    day.map((period, i) => (i === index ? { ...period, ...change } : period)),
  );
}

export function removePeriod(week: WeeklyHours, weekday: number, index: number): WeeklyHours {
  return replaceDay(
    week,
    weekday,
    (week[weekday] ?? []).filter((_, i) => i !== index),
  );
}

/** Copies one day's periods onto the given days (e.g. Monday's hours onto Tuesday to Friday). */
export function copyDayTo(week: WeeklyHours, from: number, to: readonly number[]): WeeklyHours {
  const source = week[from] ?? [];
  return week.map((day, weekday) => (to.includes(weekday) && weekday !== from ? source.map((period) => ({ ...period })) : day));
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** Problems with the week, per weekday, in words a person can act on; empty when it is fine. */
export function weekProblems(week: WeeklyHours): Map<number, string> {
  const problems = new Map<number, string>();
  week.forEach((day, weekday) => {
    const name = WEEKDAY_NAMES[weekday];
    if (day.length > MAX_PERIODS_PER_DAY) {
      problems.set(weekday, `${name} can have at most ${MAX_PERIODS_PER_DAY} periods.`);
      return;
    }
    if (day.some((period) => !HH_MM.test(period.start) || !HH_MM.test(period.end))) {
      problems.set(weekday, `Give ${name}'s times as hours and minutes.`);
      return;
    }
    if (day.some((period) => period.start >= period.end)) {
      problems.set(weekday, `On ${name}, each period must end after it starts.`);
      return;
    }
    const sorted = [...day].sort(byStart);
    if (sorted.some((period, i) => i > 0 && period.start < (sorted[i - 1]?.end ?? ""))) {
      problems.set(weekday, `${name}'s periods overlap.`);
    }
  });
  return problems;
}

export function minutesOf(clock: string): number {
  const [hours = 0, minutes = 0] = clock.split(":").map(Number);
  return hours * 60 + minutes;
}

function clockOf(totalMinutes: number): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

/** "09:00" → "9 am", "17:30" → "5:30 pm", "12:00" → "noon", "24:00" → "midnight". */
export function formatClock(clock: string): string {
  const total = minutesOf(clock);
  if (total === 12 * 60) return "noon";
  if (total === 0 || total === 24 * 60) return "midnight";
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const suffix = hours < 12 ? "am" : "pm";
  return minutes === 0 ? `${hour12} ${suffix}` : `${hour12}:${String(minutes).padStart(2, "0")} ${suffix}`;
}

function formatDay(day: DayPeriod[]): string {
  return [...day]
    .sort(byStart)
    .map((period) => `${formatClock(period.start)} – ${formatClock(period.end)}`)
    .join(", ");
}

/**
 * The week in a few words, consecutive days with the same hours run together, Monday first:
 * ["Mon – Fri: 9 am – 5 pm", "Sat: 10 am – 2 pm"]. A closed week is ["Closed all week"].
 */
export function summarizeWeek(periods: readonly WorkingPeriod[]): string[] {
  const week = weekFromPeriods(periods);
  const lines: string[] = [];
  let runStart = -1;
  let runText = "";
  const flush = (runEnd: number) => {
    if (runStart < 0 || !runText) return;
    const first = WEEKDAY_SHORT[WEEK_ORDER[runStart]!];
    const last = WEEKDAY_SHORT[WEEK_ORDER[runEnd]!];
    lines.push(`${runStart === runEnd ? first : `${first} – ${last}`}: ${runText}`);
  };
  WEEK_ORDER.forEach((weekday, position) => {
    const text = formatDay(week[weekday] ?? []);
    if (text !== runText) {
      flush(position - 1);
      runStart = position;
      runText = text;
    }
  });
  flush(WEEK_ORDER.length - 1);
  return lines.length > 0 ? lines : ["Closed all week"];
}
