import type { ComponentProps } from "react";

import { cn } from "../lib/utils";

function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        "h-12 w-full min-w-0 rounded-md border border-input bg-ivory-50 px-4 text-base text-foreground shadow-[inset_0_1px_2px_rgb(11_18_32/0.04)] transition-[border-color,box-shadow] duration-200 placeholder:text-stone-600/80 hover:border-gold-600/60 focus-visible:border-gold-600 focus-visible:outline-offset-1 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive sm:text-sm",
        className,
      )}
      {...props}
    />
  );
}

export { Input };
