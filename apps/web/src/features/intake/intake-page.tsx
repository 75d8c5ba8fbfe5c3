import { Button } from "@halcyon/ui/components/button";
import { CalendarPlus, CircleCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";

import { MemberPage } from "../../components/member-page";
import { PageQueriesFallback } from "../../components/page-queries-fallback";
import { useCurrentUser } from "../../lib/auth/current-user";
import { pageTitle } from "../../lib/clinic";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { ConsentCard } from "./consent-card";
import { IntakeFormSection } from "./intake-form";

/**
 * Before a first session: the intake form, then each consent to read and sign. Also where a patient
 * signs a consent the clinic has updated since.
 */
export function IntakePage() {
  useDocumentTitle(pageTitle("Intake and consents"));
  const { user } = useCurrentUser();
  const status = trpc.intake.mine.useQuery();
  const [editing, setEditing] = useState(false);
  if (!user) return null;
  if (!status.data) return <PageQueriesFallback queries={[status]} loading="Opening your forms" what="your forms" />;
  const { intake, consents, complete } = status.data;
  const fullName = `${user.firstName} ${user.lastName}`;

  return (
    <MemberPage
      // A patient who has begun is not told it comes before their first session.
      eyebrow={complete ? "Intake and consents" : "Before your first session"}
      title={complete ? "You are all set" : "A few things first"}
      lead={
        complete
          ? "Your intake and consents are with the clinic. You can change your answers at any time."
          : "A little about you, and two short consents to read and sign. It takes about five minutes; your answers are seen only by your care team and the clinic's administrators."
      }
      actions={
        complete ? (
          <Button asChild>
            <Link to="/appointments">
              <CalendarPlus aria-hidden="true" />
              Book Session
            </Link>
          </Button>
        ) : undefined
      }
    >
      <div className="mx-auto grid max-w-3xl gap-8">
        <div className="rounded-2xl border border-hairline bg-ivory-50 p-5 shadow-soft sm:p-8">
          {intake && !editing ? (
            <div className="grid gap-3">
              <h2 className="font-display text-[1.7rem] leading-tight text-ink-900">About you</h2>
              <p className="flex items-center gap-2 text-sm text-sage-700">
                <CircleCheck className="size-4" aria-hidden="true" />
                Your intake form is with the clinic.
              </p>
              <div>
                <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                  Review or change it
                </Button>
              </div>
            </div>
          ) : (
            <IntakeFormSection saved={intake} onSaved={() => setEditing(false)} />
          )}
        </div>
        {consents.map((consent) => (
          <ConsentCard key={consent.kind} consent={consent} fullName={fullName} />
        ))}
      </div>
    </MemberPage>
  );
}
