import type { ComponentProps } from "react";
import { cva, type VariantProps } from "class-variance-authority";

import { cn } from "../lib/utils";

const eyebrowVariants = cva("text-xs font-semibold tracking-[0.28em] uppercase", {
  variants: {
    tone: {
      /** gold-700 keeps 5:1 on ivory; lighter golds are for ink grounds only. */
      gold: "text-gold-700",
      light: "text-gold-300",
    },
  },
  defaultVariants: { tone: "gold" },
});

type EyebrowProps = ComponentProps<"p"> & VariantProps<typeof eyebrowVariants>;

/** The small spaced capitals above a heading that name the section. */
function Eyebrow({ className, tone, ...props }: EyebrowProps) {
  return <p data-slot="eyebrow" className={cn(eyebrowVariants({ tone }), className)} {...props} />;
}

export { Eyebrow, eyebrowVariants };
