import type { PublicUser } from "@halcyon/domain/schemas";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";

import { MemberPage } from "../components/member-page";
import { PasskeysSection } from "../features/account/passkeys-section";
import { TwoStepSection } from "../features/account/two-step-section";
import { refreshCurrentUser } from "../lib/auth/current-user";
import { pageTitle } from "../lib/clinic";
import { useDocumentTitle } from "../lib/use-document-title";

/**
 * Shown instead of any page to a doctor or admin without two-step sign-in while the clinic
 * requires it: they set it up here, put their recovery codes away, and the page they asked for
 * opens (or `continueTo`, when they came straight from signing in).
 */
export function TwoStepGate({ user, continueTo }: { user: PublicUser; continueTo?: string | undefined }) {
  useDocumentTitle(pageTitle("Set up two-step sign-in"));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
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
        <TwoStepSection onTurnedOn={carryOn} />
        <PasskeysSection onTurnedOn={carryOn} />
      </div>
    </MemberPage>
  );
}
