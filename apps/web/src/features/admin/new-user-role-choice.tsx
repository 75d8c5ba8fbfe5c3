import type { UserRole } from "@halcyon/domain/schemas";
import { cn } from "@halcyon/ui/lib/utils";

import { ROLE_LABELS, ROLES } from "./people";

const ROLE_NOTES: Record<UserRole, string> = {
  patient: "Books sessions and follows their progress.",
  doctor: "Sees patients, keeps a schedule and writes notes.",
  admin: "Runs the clinic, as you do.",
};

/** The new account's role, as three cards with a line on what each may do. */
export function RoleChoice({ value, onChange, disabled }: { value: UserRole; onChange: (role: UserRole) => void; disabled: boolean }) {
  return (
    <fieldset className="grid min-w-0 gap-4">
      <legend className="mb-4 font-display text-2xl text-ink-900">Role</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {ROLES.map((role) => (
          <label
            key={role}
            className={cn(
              "flex cursor-pointer flex-col gap-1 rounded-lg border p-4 transition-colors duration-300 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
              value === role ? "border-gold-600 bg-gold-200/30 shadow-soft" : "border-ivory-300 hover:border-gold-500/60",
            )}
          >
            <span className="flex items-center gap-2.5">
              <input
                type="radio"
                name="role"
                value={role}
                checked={value === role}
                onChange={() => onChange(role)}
                disabled={disabled}
                className="size-4 accent-gold-700 focus-visible:outline-none"
              />
              <span className="text-sm font-medium text-ink-900">{ROLE_LABELS[role]}</span>
            </span>
            <span className="pl-6.5 text-xs leading-relaxed text-muted-foreground">{ROLE_NOTES[role]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
