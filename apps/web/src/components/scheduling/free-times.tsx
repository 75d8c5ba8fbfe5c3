import { cn } from "@halcyon/ui/lib/utils";

import { dateKey, fromDateKey } from "../../lib/calendar-dates";
import { formatLongDay, formatShortDay, formatTime } from "../../lib/time-format";

type FreeTimesProps = {
  /** The day shown (YYYY-MM-DD). */
  day: string;
  /** Free session starts (ISO) on that day. */
  starts: string[];
  clinicTimeZone: string | undefined;
  value: string | undefined;
  onChange: (startTime: string | undefined) => void;
};

/** One day's free times as toggle buttons; choosing the chosen one again clears it. */
export function FreeTimes({ day, starts, clinicTimeZone, value, onChange }: FreeTimesProps) {
  return (
    <div
      role="group"
      aria-label={`Free times on ${formatLongDay(fromDateKey(day))}`}
      className="mt-3 grid grid-cols-2 gap-2 min-[420px]:grid-cols-3 sm:grid-cols-4"
    >
      {starts.map((startTime) => {
        const selected = startTime === value;
        const start = new Date(startTime);
        const otherDay = dateKey(start) !== day ? ` (${formatShortDay(start)})` : "";
        return (
          <button
            key={startTime}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(selected ? undefined : startTime)}
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
  );
}
