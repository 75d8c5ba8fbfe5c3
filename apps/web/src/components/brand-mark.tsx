import type { ComponentProps } from "react";

import { cn } from "@halcyon/ui/lib/utils";

/**
 * The house emblem: a halcyon sun resting over calm water inside a fine ring. Decorative — the
 * wordmark beside it carries the name.
 */
export function BrandEmblem({ className, ...props }: ComponentProps<"svg">) {
  return (
    <svg viewBox="0 0 40 40" fill="none" aria-hidden="true" focusable="false" className={cn("size-9", className)} {...props}>
      <circle cx="20" cy="20" r="18.5" stroke="currentColor" strokeWidth="0.9" />
      <circle cx="20" cy="16" r="3.6" fill="currentColor" />
      <path d="M8.5 23.5c3.8-3.2 7.7-3.2 11.5 0s7.7 3.2 11.5 0" stroke="currentColor" strokeWidth="1.1" strokeLinecap="round" />
      <path d="M12 28c2.7-2 5.3-2 8 0s5.3 2 8 0" stroke="currentColor" strokeWidth="0.9" strokeLinecap="round" opacity="0.7" />
    </svg>
  );
}

type WordmarkProps = ComponentProps<"span"> & { tone?: "ink" | "light" };

/** Emblem and name, as the header and footer show them. */
export function Wordmark({ className, tone = "ink", ...props }: WordmarkProps) {
  return (
    <span className={cn("inline-flex items-center gap-3", className)} {...props}>
      <BrandEmblem className={tone === "ink" ? "text-gold-600" : "text-gold-300"} />
      <span
        className={cn("font-display text-[1.55rem] leading-none font-medium tracking-[0.22em] uppercase", tone === "ink" ? "text-ink-900" : "text-ivory-50")}
      >
        Halcyon
      </span>
    </span>
  );
}
