import type { PublicUser } from "@halcyon/domain/schemas";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router-dom";

import { MemberPage } from "../components/member-page";
import { SectionCard } from "../components/section-card";
import { PasskeysSection } from "../features/account/passkeys-section";
import { TwoStepSection } from "../features/account/two-step-section";
import { FormField } from "../features/auth/form-field";
import { refreshCurrentUser } from "../lib/auth/current-user";
import { pageTitle } from "../lib/clinic";
import { useDocumentTitle } from "../lib/use-document-title";

/**
 * Shown instead of any page to a doctor or admin without two-step sign-in while the clinic
 * requires it: with the enrolment code an admin gave them (a password alone must not be enough to
 * tie the account to someone else's phone), they set it up here, put their recovery codes away,
 * and the page they asked for opens (or `continueTo`, when they came straight from signing in).
 */
export function TwoStepGate({ user, continueTo }: { user: PublicUser; continueTo?: string | undefined }) {
  useDocumentTitle(pageTitle("Set up two-step sign-in"));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [enrolmentCode, setEnrolmentCode] = useState("");
  const carryOn = async () => {
    if (continueTo) await navigate(continueTo, { replace: true });
    await refreshCurrentUser(queryClient);
  };
  return (
    <MemberPage
      eyebrow={`One more step, ${user.firstName}`}
      title="Set up two-step sign-in"
      lead="The clinic asks doctors and admins to sign in with a code from their phone or a passkey as well as their password, so that a stolen password alone never opens a patient's record. It takes a minute."
    >
      <div className="grid gap-8">
        <SectionCard
          title="Your enrolment code"
          description="An admin gives you this code from the clinic’s list of users, so that a password alone cannot set this up. It works once, within 24 hours."
        >
          <div className="max-w-sm">
            <FormField
              id="enrolment-code"
              label="Enrolment code"
              placeholder="ABCD-EFGH-JKMN-PQRS"
              autoComplete="off"
              spellCheck={false}
              className="font-mono uppercase"
              value={enrolmentCode}
              onChange={(event) => setEnrolmentCode(event.target.value)}
            />
          </div>
        </SectionCard>
        <TwoStepSection onTurnedOn={carryOn} enrolmentCode={enrolmentCode.trim()} />
        <PasskeysSection onTurnedOn={carryOn} enrolmentCode={enrolmentCode.trim()} />
      </div>
    </MemberPage>
  );
}
