import type { judgePassword, PasswordOwner, PasswordVerdict } from "@halcyon/domain/password-rules";
import { cn } from "@halcyon/ui/lib/utils";
import { useEffect, useState } from "react";

type Rules = { judgePassword: typeof judgePassword };

// The rules bring zxcvbn's dictionary of 30,000 common passwords: loaded once, only when a
// password is being chosen, never with the pages that do not.
let loading: Promise<Rules> | undefined;
const loadRules = () => (loading ??= import("@halcyon/domain/password-rules"));

const STRENGTH = ["Very weak", "Weak", "Fair", "Strong", "Very strong"] as const;
const BAR_COLOUR = ["bg-rose-700", "bg-rose-700", "bg-gold-500", "bg-sage-500", "bg-sage-700"] as const;

export const PASSWORD_ADVICE = "At least 12 characters. A few uncommon words, or a short sentence, make a strong password.";

/**
 * The strength of a password being chosen, as the member types, judged by the same rules the
 * server enforces, with the reason it would be refused. `id` is for the input's aria-describedby.
 */
export function PasswordStrength({ id, password, owner }: { id: string; password: string; owner: PasswordOwner }) {
  const [rules, setRules] = useState<Rules>();
  useEffect(() => {
    if (password && !rules) void loadRules().then(setRules);
  }, [password, rules]);

  const verdict: PasswordVerdict | undefined = password && rules ? rules.judgePassword(password, owner) : undefined;
  return (
    <div id={id} className="grid gap-2" aria-live="polite">
      <div className="grid grid-cols-4 gap-1.5" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={cn(
              "h-1 rounded-full transition-colors duration-300",
              verdict && (bar === 1 || verdict.score >= bar) ? BAR_COLOUR[verdict.score] : "bg-ivory-300",
            )}
          />
        ))}
      </div>
      <p className="text-xs leading-relaxed text-muted-foreground">
        {verdict ? (
          <>
            <span className={cn("font-medium", verdict.problem ? "text-rose-700" : "text-sage-700")}>Strength: {STRENGTH[verdict.score]}.</span>{" "}
            {verdict.problem ?? "The clinic accepts it."}
          </>
        ) : (
          PASSWORD_ADVICE
        )}
      </p>
    </div>
  );
}
