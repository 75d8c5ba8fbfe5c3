import type { ComponentProps } from "react";
import { cva, type VariantProps } from "class-variance-authority";

import { cn } from "../lib/utils";

const ornamentVariants = cva("pointer-events-none shrink-0", {
  variants: {
    tone: {
      gold: "text-gold-600",
      light: "text-gold-300",
    },
  },
  defaultVariants: { tone: "gold" },
});

type OrnamentProps = ComponentProps<"svg"> & VariantProps<typeof ornamentVariants>;

/** A hairline with a small lozenge at its centre: the house's section divider. Purely decorative. */
function Ornament({ className, tone, ...props }: OrnamentProps) {
  return (
    <svg
      data-slot="ornament"
      viewBox="0 0 160 12"
      width="160"
      height="12"
      fill="none"
      aria-hidden="true"
      focusable="false"
      className={cn(ornamentVariants({ tone }), className)}
      {...props}
    >
      <path d="M0 6h66M94 6h66" stroke="currentColor" strokeWidth="0.75" />
      <path d="M80 1l5 5-5 5-5-5 5-5z" stroke="currentColor" strokeWidth="0.75" />
      <circle cx="70" cy="6" r="1" fill="currentColor" />
      <circle cx="90" cy="6" r="1" fill="currentColor" />
    </svg>
  );
}

/** Concentric hairline circles, like rings on still water: a corner flourish for dark panels. Decorative. */
function Rings({ className, ...props }: ComponentProps<"svg">) {
  return (
    <svg
      data-slot="rings"
      viewBox="0 0 200 200"
      fill="none"
      aria-hidden="true"
      focusable="false"
      className={cn("pointer-events-none text-gold-400/25", className)}
      {...props}
    >
      {[96, 78, 60, 42].map((radius) => (
        <circle key={radius} cx="100" cy="100" r={radius} stroke="currentColor" strokeWidth="0.6" />
      ))}
    </svg>
  );
}

export { Ornament, ornamentVariants, Rings };
