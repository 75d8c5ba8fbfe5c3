import { Button } from "@halcyon/ui/components/button";
import { ClipboardList } from "lucide-react";
import { Link } from "react-router-dom";

import { DashboardBanner } from "../../components/dashboard-banner";
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
        <DashboardBanner
          key={measure.instrument}
          icon={ClipboardList}
          title={`Your therapist asked for the ${measure.name}`}
          detail={`${measure.sessionStart ? `Before your session ${format.dayAndTime(measure.sessionStart)}. ` : ""}Nine short questions or fewer, about two minutes.`}
          action={
            <Button asChild>
              <Link to={`/measures/${measure.instrument}`}>Begin the {measure.name}</Link>
            </Button>
          }
        />
      ))}
    </section>
  );
}
