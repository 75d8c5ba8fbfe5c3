import { Button } from "@halcyon/ui/components/button";
import { Input } from "@halcyon/ui/components/input";
import { Switch } from "@halcyon/ui/components/switch";
import { cn } from "@halcyon/ui/lib/utils";
import { Copy, Plus, X } from "lucide-react";

import {
  addPeriod,
  copyDayTo,
  MAX_PERIODS_PER_DAY,
  removePeriod,
  setDayOpen,
  updatePeriod,
  WEEK_ORDER,
  WEEKDAY_NAMES,
  type WeeklyHours,
} from "./working-hours";

type WorkingHoursEditorProps = {
  /** Prefix for element ids, so two editors on one page never clash. */
  id: string;
  /** Names the group for assistive technology ("Dr. Vance's weekly hours"). */
  label: string;
  value: WeeklyHours;
  onChange: (week: WeeklyHours) => void;
  problems?: ReadonlyMap<number, string>;
  disabled?: boolean;
};

const WORKDAYS = [2, 3, 4, 5];

/** A week of opening hours: each day open or closed, with up to three periods. */
export function WorkingHoursEditor({ id, label, value, onChange, problems, disabled = false }: WorkingHoursEditorProps) {
  const mondayOpen = (value[1]?.length ?? 0) > 0;
  return (
    <div role="group" aria-label={label} className="flex flex-col">
      <ul className="divide-y divide-ivory-300">
        {WEEK_ORDER.map((weekday) => {
          const name = WEEKDAY_NAMES[weekday];
          const day = value[weekday] ?? [];
          const open = day.length > 0;
          const problem = problems?.get(weekday);
          const problemId = `${id}-problem-${weekday}`;
          return (
            <li key={weekday} className="grid gap-3 py-3.5 first:pt-0 sm:grid-cols-[10rem_1fr] sm:gap-6">
              <div className="flex h-10 items-center gap-3">
                <Switch
                  checked={open}
                  onCheckedChange={(checked) => onChange(setDayOpen(value, weekday, checked))}
                  aria-label={`Open on ${name}`}
                  disabled={disabled}
                />
                <span className={cn("text-sm font-medium", open ? "text-ink-900" : "text-stone-600")}>{name}</span>
                {open && day.length < MAX_PERIODS_PER_DAY ? (
                  // On a phone the day's own row has room for "add"; wider screens show it after the last period.
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    disabled={disabled}
                    aria-label={`Add a period on ${name}`}
                    onClick={() => onChange(addPeriod(value, weekday))}
                    className="ml-auto h-8 px-3 text-xs text-stone-600 sm:hidden"
                  >
                    <Plus aria-hidden="true" className="size-3.5 text-gold-700" />
                    Add a period
                  </Button>
                ) : null}
                {open ? null : <span className="ml-auto text-sm text-muted-foreground sm:hidden">Closed</span>}
              </div>
              <div className={cn("flex flex-col gap-2", !open && "max-sm:hidden")}>
                {open ? (
                  day.map((period, index) => (
                    <div key={index} className="flex items-center gap-2">
                      <Input
                        type="time"
                        step={900}
                        value={period.start}
                        disabled={disabled}
                        aria-label={`${name}, period ${index + 1}, opens`}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={problem ? problemId : undefined}
                        onChange={(event) => onChange(updatePeriod(value, weekday, index, { start: event.target.value }))}
                        className="h-10 w-[6.5rem] px-2.5 text-sm max-sm:[&::-webkit-calendar-picker-indicator]:hidden sm:w-[8.5rem] sm:px-3"
                      />
                      <span className="text-sm text-muted-foreground">to</span>
                      <Input
                        type="time"
                        step={900}
                        value={period.end}
                        disabled={disabled}
                        aria-label={`${name}, period ${index + 1}, closes`}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={problem ? problemId : undefined}
                        onChange={(event) => onChange(updatePeriod(value, weekday, index, { end: event.target.value }))}
                        className="h-10 w-[6.5rem] px-2.5 text-sm max-sm:[&::-webkit-calendar-picker-indicator]:hidden sm:w-[8.5rem] sm:px-3"
                      />
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        disabled={disabled}
                        aria-label={`Remove ${name}'s period ${index + 1}`}
                        title="Remove this period"
                        onClick={() => onChange(removePeriod(value, weekday, index))}
                        className="size-9 text-stone-600"
                      >
                        <X aria-hidden="true" />
                      </Button>
                      {index === day.length - 1 && day.length < MAX_PERIODS_PER_DAY ? (
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          disabled={disabled}
                          aria-label={`Add a period on ${name}`}
                          title="Add a period (a split day)"
                          onClick={() => onChange(addPeriod(value, weekday))}
                          className="hidden size-9 text-gold-700 sm:inline-flex"
                        >
                          <Plus aria-hidden="true" />
                        </Button>
                      ) : null}
                    </div>
                  ))
                ) : (
                  <p className="flex h-10 items-center text-sm text-muted-foreground">Closed</p>
                )}
                {problem ? (
                  <p id={problemId} className="text-sm text-rose-700">
                    {problem}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {mondayOpen ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={() => onChange(copyDayTo(value, 1, WORKDAYS))}
          className="mt-4 self-start"
        >
          <Copy aria-hidden="true" className="text-gold-700" />
          Copy Monday to Tuesday – Friday
        </Button>
      ) : null}
    </div>
  );
}
