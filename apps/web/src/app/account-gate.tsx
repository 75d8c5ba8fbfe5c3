import type { PublicUser } from "@halcyon/domain/schemas";
import { lazy, Suspense } from "react";

import { PageLoading } from "../components/page-loading";

// Few visitors ever see them, so their code stays out of the shell (and the landing page's budget).
const ChangePasswordGate = lazy(async () => ({ default: (await import("./change-password-gate")).ChangePasswordGate }));
const TwoStepGate = lazy(async () => ({ default: (await import("./two-step-gate")).TwoStepGate }));

/**
 * In place of the page, what the account must do first: choose its own password while it is on a
 * one-time one, then set up two-step sign-in where the clinic requires it of staff.
 */
export function AccountGate({ user, continueTo }: { user: PublicUser; continueTo?: string }) {
  return (
    <Suspense fallback={<PageLoading />}>
      {user.mustChangePassword ? <ChangePasswordGate user={user} continueTo={continueTo} /> : <TwoStepGate user={user} continueTo={continueTo} />}
    </Suspense>
  );
}
