import { cn } from "@halcyon/ui/lib/utils";

const RATINGS = Array.from({ length: 10 }, (_, index) => index + 1);

type RatingPickerProps = {
  /** Prefix of the radio ids: `${id}-rating-1` … `${id}-rating-10`. */
  id: string;
  value: number | undefined;
  onChange: (rating: number) => void;
  /** What is wrong, said under the ratings in place of their guidance. */
  problem: string | undefined;
  disabled: boolean;
};

/** The spec's 1–10 progress rating, as ten large radio buttons. */
export function RatingPicker({ id, value, onChange, problem, disabled }: RatingPickerProps) {
  const invalid = problem !== undefined;
  return (
    <fieldset className="grid gap-3" aria-describedby={`${id}-rating-message`}>
      <legend className="mb-1 text-sm font-medium text-foreground">Progress rating</legend>
      <div className="grid grid-cols-5 gap-2 sm:grid-cols-10">
        {RATINGS.map((rating) => (
          <label
            key={rating}
            className={cn(
              "relative flex h-11 cursor-pointer items-center justify-center rounded-md border font-display text-xl transition-colors duration-200 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
              value === rating ? "border-gold-600 bg-ink-900 text-ivory-50 shadow-soft" : "border-ivory-300 bg-ivory-50 text-ink-900 hover:border-gold-600/60",
              invalid && "border-destructive",
            )}
          >
            <input
              id={`${id}-rating-${rating}`}
              type="radio"
              name={`${id}-rating`}
              value={rating}
              checked={value === rating}
              disabled={disabled}
              aria-label={`${rating} out of 10`}
              className="absolute inset-0 cursor-pointer opacity-0"
              onChange={() => onChange(rating)}
            />
            <span aria-hidden="true">{rating}</span>
          </label>
        ))}
      </div>
      <p id={`${id}-rating-message`} className={cn("text-xs", invalid ? "text-sm text-destructive" : "text-muted-foreground")}>
        {problem ?? "1 is a very hard week; 10 is the best they have felt in a long time."}
      </p>
    </fieldset>
  );
}
