import type { ComponentProps } from "react";

import { cn } from "../lib/utils";

/** A quiet placeholder in the shape of what is loading. Decorative: pair it with a status text. */
function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="skeleton" aria-hidden="true" className={cn("animate-pulse rounded-md bg-ivory-200", className)} {...props} />;
}

export { Skeleton };
