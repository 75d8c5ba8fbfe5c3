import { Button } from "@halcyon/ui/components/button";
import { CloudOff } from "lucide-react";

import { EmptyState } from "./empty-state";

type LoadFailedProps = {
  /** What could not be read, in the reader's words: "your dashboard". */
  what: string;
  /** The server's message, when it has one a person can act on. */
  reason?: string | undefined;
  onRetry: () => void;
  retrying?: boolean;
};

/** Shown instead of content that could not be loaded, with a way to try again. */
export function LoadFailed({ what, reason, onRetry, retrying = false }: LoadFailedProps) {
  return (
    <div role="alert">
      <EmptyState
        icon={CloudOff}
        title={`We couldn't load ${what}`}
        action={
          <Button variant="outline" onClick={onRetry} disabled={retrying}>
            {retrying ? "Trying again..." : "Try again"}
          </Button>
        }
      >
        {reason ?? "The connection may have dropped for a moment. Please try again."}
      </EmptyState>
    </div>
  );
}
