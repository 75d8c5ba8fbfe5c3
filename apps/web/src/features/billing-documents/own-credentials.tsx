import { SectionCard } from "../../components/section-card";
import { trpc } from "../../lib/trpc";

/** A doctor's own licence and NPI as their patients' superbills and estimates print them; admins keep them. */
export function OwnCredentials({ doctorId }: { doctorId: number }) {
  const credentials = trpc.doctors.credentials.useQuery({ doctorId });
  return (
    <SectionCard
      title="On superbills"
      description="Your licence and NPI as patients' superbills and estimates print them. The clinic's admins keep them up to date."
    >
      {credentials.data ? (
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Licence</dt>
            <dd className="font-medium text-ink-900">{credentials.data.licence ?? "Not set"}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">NPI</dt>
            <dd className="font-medium text-ink-900 tabular-nums">{credentials.data.npi ?? "Not set"}</dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">{credentials.isError ? "They could not be read. Please reload the page." : "Reading…"}</p>
      )}
    </SectionCard>
  );
}
