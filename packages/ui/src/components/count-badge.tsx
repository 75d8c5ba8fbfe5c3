import type { ComponentProps } from "react";
import { cva, type VariantProps } from "class-variance-authority";

import { cn } from "../lib/utils";

const countBadgeVariants = cva(
  "inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full px-1.5 text-[0.7rem] leading-none font-semibold tabular-nums",
  {
    variants: {
      tone: {
        /** ink-950 on gold-500: 7.8:1. */
        gold: "bg-gold-500 text-ink-950",
        ink: "bg-ink-900 text-ivory-50",
      },
    },
    defaultVariants: { tone: "gold" },
  },
);

type CountBadgeProps = Omit<ComponentProps<"span">, "children"> &
  VariantProps<typeof countBadgeVariants> & {
    count: number;
    /** What the number means, read instead of it by screen readers: "3 unread messages". */
    label: string;
    /** Larger counts show as "99+". */
    max?: number;
  };

/** A small round count beside a label (unread messages, say). Renders nothing for zero. */
function CountBadge({ count, label, max = 99, tone, className, ...props }: CountBadgeProps) {
  if (count <= 0) return null;
  return (
    <span data-slot="count-badge" className={cn(countBadgeVariants({ tone }), className)} {...props}>
      <span aria-hidden="true">{count > max ? `${max}+` : count}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

export { CountBadge, countBadgeVariants };
