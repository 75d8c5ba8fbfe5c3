import { Button } from "@halcyon/ui/components/button";
import { ClipboardList } from "lucide-react";
import { Link } from "react-router-dom";

import { useTimeFormat } from "../../lib/clinic-time-zone";
import { trpc } from "../../lib/trpc";

/** The questionnaires the patient's therapist asked for that are due now, each a tap away. */
export function DueMeasures() {
  const { data: due = [] } = trpc.measures.due.useQuery();
  const format = useTimeFormat();
  if (due.length === 0) return null;
  return (
    <section aria-label="Questionnaires to complete" className="mb-8 grid gap-3">
      {due.map((measure) => (
        <div
          key={measure.instrument}
          className="flex flex-col gap-4 rounded-2xl border border-gold-400 bg-ivory-50 p-6 shadow-soft sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex items-start gap-4">
            <ClipboardList className="mt-1 size-6 shrink-0 text-gold-700" aria-hidden="true" />
            <div className="grid gap-1">
              <p className="font-display text-2xl text-ink-900">Your therapist asked for the {measure.name}</p>
              <p className="text-sm text-muted-foreground">
                {measure.sessionStart ? `Before your session ${format.dayAndTime(measure.sessionStart)}. ` : ""}Nine short questions or fewer, about two
                minutes.
              </p>
            </div>
          </div>
          <Button asChild>
            <Link to={`/measures/${measure.instrument}`}>Begin the {measure.name}</Link>
          </Button>
        </div>
      ))}
    </section>
  );
}
