import type { PublicUser } from "@halcyon/domain/schemas";
import { lazy, Suspense } from "react";

import { PageLoading } from "../components/page-loading";

// Few visitors ever see it, so its code stays out of the shell (and the landing page's budget).
const ChangePasswordGate = lazy(async () => ({ default: (await import("./change-password-gate")).ChangePasswordGate }));

/** "Choose your own password", in place of the page, for an account still on its one-time password. */
export function PasswordGate({ user, continueTo }: { user: PublicUser; continueTo?: string }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <ChangePasswordGate user={user} continueTo={continueTo} />
    </Suspense>
  );
}
