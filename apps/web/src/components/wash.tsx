import { cn } from "@halcyon/ui/lib/utils";

/**
 * The warm light behind a page's heading (design.md): radial gold, sometimes sage, drawn behind
 * the content of the `relative isolate` section it sits in. `className` places and colours it.
 */
export function Wash({ className }: { className: string }) {
  return <div aria-hidden="true" className={cn("absolute -z-10", className)} />;
}
