import type { ComponentProps } from "react";

import { cn } from "../lib/utils";

function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        "field-sizing-content min-h-28 w-full min-w-0 resize-y rounded-md border border-input bg-ivory-50 px-4 py-3 text-base leading-relaxed text-foreground shadow-[inset_0_1px_2px_rgb(11_18_32/0.04)] transition-[border-color,box-shadow] duration-200 placeholder:text-stone-600/80 hover:border-gold-600/60 focus-visible:border-gold-600 focus-visible:outline-offset-1 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive sm:text-sm",
        className,
      )}
      {...props}
    />
  );
}

export { Textarea };
