import type { ComponentProps } from "react";

import { cn } from "../lib/utils";

type SwitchProps = Omit<ComponentProps<"button">, "onChange" | "value"> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/** An on/off control (`role="switch"`); label it with `aria-label` or a `<Label htmlFor>`. */
function Switch({ className, checked, onCheckedChange, disabled, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      data-slot="switch"
      aria-checked={checked}
      data-state={checked ? "checked" : "unchecked"}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        "peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border p-0.5 transition-colors duration-300 disabled:cursor-not-allowed disabled:opacity-60",
        checked ? "border-gold-600 bg-gold-600" : "border-stone-600 bg-ivory-200",
        className,
      )}
      {...props}
    >
      <span
        data-slot="switch-thumb"
        aria-hidden="true"
        className={cn(
          "pointer-events-none block size-[1.125rem] rounded-full shadow-soft transition-transform duration-300 ease-out",
          checked ? "translate-x-5 bg-ivory-50" : "translate-x-0 bg-stone-600",
        )}
      />
    </button>
  );
}

export { Switch };
