import { cn } from "@halcyon/ui/lib/utils";

/**
 * The warm light behind a page's heading (design.md): radial gold, sometimes sage, drawn behind
 * the content of the `relative isolate` section it sits in. `className` places and colours it.
 * It clips itself, so the section need not: content too wide for a phone then scrolls, visibly,
 * instead of being cut off unseen.
 */
export function Wash({ className }: { className: string }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10 overflow-hidden">
      <div className={cn("absolute", className)} />
    </div>
  );
}
