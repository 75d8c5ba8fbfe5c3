import { Button } from "@halcyon/ui/components/button";
import { cn } from "@halcyon/ui/lib/utils";

import { messageOf } from "./feedback";

/**
 * An administration screen's "could not be loaded": what, the server's reason, and a way to try
 * again. `framed` draws it as a card of its own (not inside one already).
 */
export function LoadAlert({
  what,
  error,
  onRetry,
  framed = true,
  className,
}: {
  what: string;
  error: unknown;
  onRetry: () => void;
  framed?: boolean;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn("flex flex-col items-start gap-4 text-sm text-rose-700", framed && "rounded-xl border border-rose-700/30 bg-rose-50 p-6", className)}
    >
      <p>
        {what} could not be loaded. {messageOf(error)}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
