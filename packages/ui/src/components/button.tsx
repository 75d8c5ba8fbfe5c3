import type { ComponentProps } from "react";
import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";

import { cn } from "../lib/utils";

const buttonVariants = cva(
  "inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-full font-medium tracking-wide transition-[background-color,color,border-color,box-shadow,transform] duration-300 ease-out disabled:pointer-events-none disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        /** Champagne gold: the one call to action of a view. */
        default: "bg-primary text-primary-foreground shadow-soft hover:bg-gold-400 active:translate-y-px",
        /** Ink: a strong action that is not the main one, or the main one on a gold-heavy ground. */
        ink: "bg-ink-900 text-ivory-50 shadow-soft hover:bg-ink-800 active:translate-y-px",
        outline: "border border-hairline bg-transparent text-foreground hover:border-gold-600 hover:bg-ivory-50",
        /** For ink sections: ivory outline that keeps its contrast on dark grounds. */
        "outline-light": "border border-ivory-50/40 bg-transparent text-ivory-50 hover:border-gold-300 hover:text-gold-200",
        ghost: "text-foreground hover:bg-ivory-200",
        link: "rounded-none px-0 text-foreground underline decoration-hairline underline-offset-[6px] hover:decoration-gold-600",
        destructive: "bg-destructive text-destructive-foreground hover:bg-rose-700/90",
      },
      size: {
        sm: "h-9 px-4 text-sm",
        default: "h-11 px-6 text-sm",
        lg: "h-13 px-8 text-base",
        icon: "size-10",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (a link, say) with the button's look instead of a `<button>`. */
    asChild?: boolean;
  };

function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot : "button";
  return <Component data-slot="button" className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}

export { Button, buttonVariants, type ButtonProps };
