import type { InstrumentId } from "@halcyon/domain/schemas";
import { INSTRUMENT_IDS, INSTRUMENTS } from "@halcyon/domain/rules";
import { Button } from "@halcyon/ui/components/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@halcyon/ui/components/dropdown-menu";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { ClipboardList } from "lucide-react";

import { trpc } from "../../lib/trpc";

const CADENCES = [
  { cadence: "once", words: "once" },
  { cadence: "before_every_session", words: "before every session" },
] as const;

/** A doctor asks their patient for a questionnaire: once, or before every session (due from 48 hours before each). */
export function AssignMeasure({ patientId, patientName }: { patientId: number; patientName: string }) {
  const assign = trpc.measures.assign.useMutation({
    onSuccess: (assignment) => {
      const cadence = CADENCES.find((option) => option.cadence === assignment.cadence)!.words;
      toast({ title: "Questionnaire requested", description: `${patientName} is asked for the ${INSTRUMENTS[assignment.instrument].name} ${cadence}.` });
    },
    onError: (error) => toast({ variant: "destructive", title: "Not requested", description: error.message }),
  });
  const ask = (instrument: InstrumentId, cadence: (typeof CADENCES)[number]["cadence"]) => assign.mutate({ patientId, instrument, cadence });
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" disabled={assign.isPending}>
          <ClipboardList aria-hidden="true" />
          Ask for a questionnaire
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {INSTRUMENT_IDS.flatMap((instrument) =>
          CADENCES.map(({ cadence, words }) => (
            <DropdownMenuItem key={`${instrument}-${cadence}`} onSelect={() => ask(instrument, cadence)}>
              {INSTRUMENTS[instrument].name}, {words}
            </DropdownMenuItem>
          )),
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
