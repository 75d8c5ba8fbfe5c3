import { cn } from "@halcyon/ui/lib/utils";

import { useRealtimeStatus } from "../../lib/realtime/use-realtime";

/** The specification's connection line: "Connected", or "Connecting..." while it opens or retries. */
export function ConnectionStatus({ className }: { className?: string }) {
  const connected = useRealtimeStatus() === "connected";
  return (
    <p role="status" data-testid="connection-status" className={cn("inline-flex items-center gap-2 text-xs tracking-wide text-stone-600", className)}>
      <span
        aria-hidden="true"
        className={cn("size-1.5 rounded-full", connected ? "bg-sage-500 shadow-[0_0_0_3px_var(--color-sage-100)]" : "animate-pulse bg-gold-500")}
      />
      {connected ? "Connected" : "Connecting..."}
    </p>
  );
}
