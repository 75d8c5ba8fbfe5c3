import type { ComponentProps } from "react";
import { cva, type VariantProps } from "class-variance-authority";

import { cn } from "../lib/utils";

const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:pointer-events-none [&_svg:not([class*='size-'])]:size-3",
  {
    variants: {
      tone: {
        /** Scheduled, pending, informational. */
        gold: "border-gold-500/50 bg-gold-200/50 text-gold-800",
        /** Done, active, succeeded. */
        sage: "border-sage-400/60 bg-sage-100 text-sage-700",
        /** Neutral: inactive, other. */
        stone: "border-ivory-400 bg-ivory-200 text-stone-600",
        /** Failed, refused, cancelled. */
        rose: "border-rose-700/30 bg-rose-50 text-rose-700",
        /** Emphasis: a role or a strong label. */
        ink: "border-ink-900 bg-ink-900 text-ivory-50",
      },
    },
    defaultVariants: { tone: "stone" },
  },
);

type BadgeProps = ComponentProps<"span"> & VariantProps<typeof badgeVariants>;

/** A short status label. Colour is never the only signal: the text says it too. */
function Badge({ className, tone, ...props }: BadgeProps) {
  return <span data-slot="badge" className={cn(badgeVariants({ tone }), className)} {...props} />;
}

export { Badge, badgeVariants };
