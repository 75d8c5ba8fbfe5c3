import type { Diagnosis } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Input } from "@halcyon/ui/components/input";
import { Label } from "@halcyon/ui/components/label";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { Stethoscope } from "lucide-react";
import { useId, useState, type FormEvent } from "react";

import { EmptyState } from "../../components/empty-state";
import { SectionCard } from "../../components/section-card";
import { formatDate } from "../../lib/time-format";
import { trpc } from "../../lib/trpc";

/**
 * A patient's diagnoses (ICD-10-CM) on their record: read by whoever reads the record; a doctor
 * caring for the patient (`canWrite`) adds a code from the clinic's list and resolves one.
 */
export function PatientDiagnoses({ patientId, canWrite }: { patientId: number; canWrite: boolean }) {
  const diagnoses = trpc.diagnoses.list.useQuery({ patientId });
  const current = diagnoses.data?.filter((diagnosis) => diagnosis.resolvedAt === null) ?? [];
  const past = diagnoses.data?.filter((diagnosis) => diagnosis.resolvedAt !== null) ?? [];
  return (
    <SectionCard title="Diagnoses" description="ICD-10-CM codes, as they appear on superbills and estimates." className="mt-8">
      {diagnoses.isError ? (
        <p className="text-sm text-muted-foreground">The diagnoses could not be read. Please reload the page.</p>
      ) : !diagnoses.data ? (
        <p className="text-sm text-muted-foreground">Reading the diagnoses…</p>
      ) : (
        <div className="grid gap-6">
          {current.length === 0 ? (
            <EmptyState icon={Stethoscope} title="No current diagnoses">
              {canWrite ? "Add a code from the clinic's list below." : "Diagnoses recorded by the patient's doctor will be listed here."}
            </EmptyState>
          ) : (
            <ul className="grid gap-3" aria-label="Current diagnoses">
              {current.map((diagnosis) => (
                <DiagnosisRow key={diagnosis.id} diagnosis={diagnosis} patientId={patientId} canWrite={canWrite} />
              ))}
            </ul>
          )}
          {canWrite ? <AddDiagnosis patientId={patientId} /> : null}
          {past.length > 0 ? (
            <details className="text-sm">
              <summary className="cursor-pointer text-muted-foreground">Resolved ({past.length})</summary>
              <ul className="mt-3 grid gap-2">
                {past.map((diagnosis) => (
                  <li key={diagnosis.id} className="text-muted-foreground">
                    <span className="font-medium tabular-nums">{diagnosis.code}</span> {diagnosis.description} · resolved {formatDate(diagnosis.resolvedAt!)}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      )}
    </SectionCard>
  );
}

function DiagnosisRow({ diagnosis, patientId, canWrite }: { diagnosis: Diagnosis; patientId: number; canWrite: boolean }) {
  const utils = trpc.useUtils();
  const resolve = trpc.diagnoses.resolve.useMutation({
    onSuccess: () => utils.diagnoses.list.invalidate({ patientId }),
    onError: (error) => toast({ variant: "destructive", title: "Not resolved", description: error.message }),
  });
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-ivory-300 pb-3 last:border-0 last:pb-0">
      <div>
        <span className="font-medium text-ink-900 tabular-nums">{diagnosis.code}</span> <span className="text-ink-900">{diagnosis.description}</span>
        <p className="text-xs text-muted-foreground">
          Since {formatDate(diagnosis.recordedAt)}
          {diagnosis.recordedByName ? `, Dr. ${diagnosis.recordedByName}` : ""}
        </p>
      </div>
      {canWrite ? (
        <Button variant="ghost" size="sm" disabled={resolve.isPending} onClick={() => resolve.mutate({ id: diagnosis.id })}>
          Resolve<span className="sr-only"> {diagnosis.code}</span>
        </Button>
      ) : null}
    </li>
  );
}

function AddDiagnosis({ patientId }: { patientId: number }) {
  const id = useId();
  const [code, setCode] = useState("");
  const codes = trpc.diagnoses.codes.useQuery(undefined, { staleTime: Infinity });
  const utils = trpc.useUtils();
  const record = trpc.diagnoses.record.useMutation({
    onSuccess: (diagnosis) => {
      setCode("");
      toast({ title: "Diagnosis recorded", description: `${diagnosis.code} ${diagnosis.description}` });
      return utils.diagnoses.list.invalidate({ patientId });
    },
    onError: (error) => toast({ variant: "destructive", title: "Not recorded", description: error.message }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The list's text is "F41.1 Generalized anxiety disorder": the code is its first word.
    record.mutate({ patientId, code: code.trim().split(/\s+/)[0] ?? "" });
  };
  return (
    <form onSubmit={submit} className="grid gap-2">
      <Label htmlFor={`${id}-code`}>Add a diagnosis</Label>
      <div className="flex flex-wrap gap-3">
        <Input
          id={`${id}-code`}
          list={`${id}-codes`}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder="Type a code or words, like F41.1 or anxiety"
          autoComplete="off"
          className="flex-1 basis-64"
        />
        <datalist id={`${id}-codes`}>
          {codes.data?.map((entry) => (
            <option key={entry.code} value={`${entry.code} ${entry.description}`} />
          ))}
        </datalist>
        <Button type="submit" disabled={record.isPending || code.trim() === ""}>
          Add
        </Button>
      </div>
    </form>
  );
}
