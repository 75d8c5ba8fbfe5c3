// Where the booking and reschedule pickers open: the first day, from today, with a free time.
import { addDays, dateKey } from "../../lib/calendar-dates";

/**
 * The first day from `from` to `last` (inclusive) on which `hasFreeTime` says yes, asked one day
 * at a time so the usual answer (today or the next working day) costs one or two requests.
 * Undefined when no day in the range has one.
 */
export async function firstFreeDay(from: Date, last: Date, hasFreeTime: (day: string) => Promise<boolean>): Promise<string | undefined> {
  for (let date = from; date <= last; date = addDays(date, 1)) {
    const day = dateKey(date);
    if (await hasFreeTime(day)) return day;
  }
  return undefined;
}
