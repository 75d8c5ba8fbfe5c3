import { trpc } from "../../lib/trpc";
import { MeasureTrends } from "./measure-trends";

/** A patient's questionnaires over time, for them, their doctors and admins. */
export function PatientMeasures({ patientId, subject }: { patientId: number; subject: string }) {
  const history = trpc.measures.history.useQuery({ patientId });
  if (history.isError) return <p className="text-sm text-muted-foreground">The questionnaires could not be read. Please reload the page.</p>;
  if (!history.data) return <p className="text-sm text-muted-foreground">Reading the questionnaires…</p>;
  return <MeasureTrends measures={history.data} subject={subject} />;
}
