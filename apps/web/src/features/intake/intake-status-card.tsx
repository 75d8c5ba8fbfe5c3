import { INTAKE_LABELS } from "@halcyon/domain/rules";
import { Badge } from "@halcyon/ui/components/badge";

import { SectionCard } from "../../components/section-card";
import { formatDate } from "../../lib/time-format";
import { trpc } from "../../lib/trpc";

/** A patient's intake answers and where each consent stands, for their doctors and admins. */
export function IntakeStatusCard({ patientId, subject }: { patientId: number; subject: string }) {
  const { data: status, error } = trpc.intake.ofPatient.useQuery({ patientId });
  return (
    <SectionCard title="Intake and consents" description={`What ${subject} told the clinic before their first session, and what they signed.`} className="mt-8">
      {!status ? (
        <p className="text-sm text-muted-foreground">{error ? `We couldn't load it. ${error.message}` : "Loading..."}</p>
      ) : (
        <div className="grid gap-8 lg:grid-cols-2">
          {status.intake ? (
            <dl className="grid gap-4">
              {[
                [INTAKE_LABELS.reason, status.intake.reason],
                [INTAKE_LABELS.medications, status.intake.medications],
                [INTAKE_LABELS.emergencyContact, `${status.intake.emergencyContactName} · ${status.intake.emergencyContactPhone}`],
              ].map(([term, value]) => (
                <div key={term}>
                  <dt className="text-xs font-semibold tracking-[0.16em] text-stone-600 uppercase">{term}</dt>
                  <dd className="mt-1 text-sm leading-relaxed whitespace-pre-line text-ink-800">{value}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="text-sm text-muted-foreground">{subject} has not filled in the intake form yet.</p>
          )}
          <ul className="grid content-start gap-3" aria-label="Consents">
            {status.consents.map((consent) => (
              <li key={consent.kind} className="flex flex-col gap-1 rounded-lg border border-ivory-300 bg-ivory-50 px-4 py-3">
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-ink-900">{consent.title}</span>
                  <Badge tone={consent.current ? "sage" : consent.signed ? "gold" : "stone"}>
                    {consent.current ? "Signed" : consent.signed ? "New version to sign" : "Not signed"}
                  </Badge>
                </span>
                <span className="text-xs text-muted-foreground">
                  {consent.signed
                    ? `Version ${consent.signed.version}, signed as “${consent.signed.typedName}” on ${formatDate(consent.signed.signedAt)}${consent.current ? "" : `; the current text is version ${consent.version}`}.`
                    : `Version ${consent.version} is waiting for their signature.`}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </SectionCard>
  );
}
