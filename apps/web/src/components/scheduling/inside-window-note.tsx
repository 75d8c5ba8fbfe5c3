import { Clock3 } from "lucide-react";
import { useEffect, useRef } from "react";

import { hoursPhrase, isInsideCancellationWindow } from "../../lib/appointment-rules";
import { useCancellationWindowHours } from "../../lib/clinic-profile";

/**
 * Said to a patient who chooses a time inside the clinic's cancellation window, before they book
 * or move a session there: such a session cannot be moved online, and cancelling it is late.
 */
export function InsideWindowNote({ startTime }: { startTime: string | undefined }) {
  const windowHours = useCancellationWindowHours();
  if (startTime === undefined || windowHours === undefined || !isInsideCancellationWindow({ startTime }, new Date(), windowHours)) return null;
  return <Note startTime={startTime} windowHours={windowHours} />;
}

function Note({ startTime, windowHours }: { startTime: string; windowHours: number }) {
  const note = useRef<HTMLDivElement>(null);
  // It appears below the times, where a long dialog's fold may hide it: it comes into view with each time chosen.
  useEffect(() => {
    note.current?.scrollIntoView({ block: "nearest" });
  }, [startTime]);
  return (
    <div ref={note} role="note" className="flex gap-3 rounded-lg border border-hairline bg-gold-200/40 p-4 text-sm leading-relaxed text-ink-800">
      <Clock3 className="mt-0.5 size-4 shrink-0 text-gold-700" aria-hidden="true" />
      <p>
        This time is less than {hoursPhrase(windowHours)} away, so the session can&rsquo;t be moved online afterwards, and cancelling it would be recorded as a
        late cancellation.
      </p>
    </div>
  );
}
