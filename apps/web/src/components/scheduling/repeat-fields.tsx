import { Input } from "@halcyon/ui/components/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@halcyon/ui/components/select";
import { cn } from "@halcyon/ui/lib/utils";
import type { ReactNode } from "react";

import { Field } from "../field";
import { REPEAT_LABELS, type Repeat, type SeriesEnd } from "./series-form";

type RepeatFieldsProps = {
  id: string;
  repeat: Repeat;
  onRepeat: (repeat: Repeat) => void;
  end: SeriesEnd;
  onEnd: (end: SeriesEnd) => void;
  disabled: boolean;
};

const REPEATS: Repeat[] = [0, 1, 2, 4];

/** Whether the session repeats (every 1, 2 or 4 weeks, same weekday and time) and until when. */
export function RepeatFields({ id, repeat, onRepeat, end, onEnd, disabled }: RepeatFieldsProps) {
  return (
    <div className="grid gap-4">
      <Field htmlFor={`${id}-repeat`} label="Repeat">
        <Select value={String(repeat)} onValueChange={(value) => onRepeat(Number(value) as Repeat)} disabled={disabled}>
          <SelectTrigger id={`${id}-repeat`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {REPEATS.map((choice) => (
              <SelectItem key={choice} value={String(choice)}>
                {REPEAT_LABELS[choice]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      {repeat === 0 ? null : (
        <fieldset className="grid min-w-0 gap-3">
          <legend className="mb-2 text-sm font-medium text-foreground">Ends</legend>
          <EndChoice checked={end.kind === "count"} label="After" onChoose={() => onEnd({ kind: "count", count: "6" })} disabled={disabled}>
            <Input
              id={`${id}-count`}
              aria-label="Number of sessions"
              type="number"
              inputMode="numeric"
              min={2}
              max={52}
              className="h-9 w-20"
              value={end.kind === "count" ? end.count : ""}
              disabled={disabled || end.kind !== "count"}
              onChange={(event) => onEnd({ kind: "count", count: event.target.value })}
            />
            <span className="text-sm text-ink-800">sessions</span>
          </EndChoice>
          <EndChoice checked={end.kind === "until"} label="On" onChoose={() => onEnd({ kind: "until", untilDate: "" })} disabled={disabled}>
            <Input
              id={`${id}-until`}
              aria-label="Date of the last session"
              type="date"
              className="h-9 w-44"
              value={end.kind === "until" ? end.untilDate : ""}
              disabled={disabled || end.kind !== "until"}
              onChange={(event) => onEnd({ kind: "until", untilDate: event.target.value })}
            />
          </EndChoice>
        </fieldset>
      )}
    </div>
  );
}

function EndChoice({
  checked,
  label,
  onChoose,
  disabled,
  children,
}: {
  checked: boolean;
  label: string;
  onChoose: () => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex flex-wrap items-center gap-3 rounded-lg border px-3 py-2", checked ? "border-gold-600 bg-gold-200/30" : "border-ivory-300")}>
      <label className="flex cursor-pointer items-center gap-2 text-sm font-medium text-ink-900">
        <input type="radio" name="series-end" checked={checked} onChange={onChoose} disabled={disabled} className="size-4 accent-gold-700" />
        {label}
      </label>
      {children}
    </div>
  );
}
