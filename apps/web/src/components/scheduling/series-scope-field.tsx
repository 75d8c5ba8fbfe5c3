import type { SeriesScope } from "@halcyon/domain/schemas";
import { cn } from "@halcyon/ui/lib/utils";

const SCOPES: { scope: SeriesScope; label: string }[] = [
  { scope: "this", label: "This session" },
  { scope: "following", label: "This and following sessions" },
  { scope: "series", label: "All sessions in the series" },
];

/**
 * Which sessions of a series a change is for, asked every time: nothing is assumed, so "all" is
 * never one and one is never "all". Sessions already held or cancelled never change.
 */
export function SeriesScopeField({ value, onChange, disabled }: { value: SeriesScope; onChange: (scope: SeriesScope) => void; disabled: boolean }) {
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium text-foreground">This session is part of a series. Change:</legend>
      {SCOPES.map(({ scope, label }) => (
        <label
          key={scope}
          className={cn(
            "flex cursor-pointer items-center gap-2.5 rounded-lg border px-3 py-2.5 text-sm text-ink-900 transition-colors duration-200 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
            value === scope ? "border-gold-600 bg-gold-200/30" : "border-ivory-300 hover:border-gold-500/60",
          )}
        >
          <input
            type="radio"
            name="series-scope"
            value={scope}
            checked={value === scope}
            onChange={() => onChange(scope)}
            disabled={disabled}
            className="size-4 accent-gold-700 focus-visible:outline-none"
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
