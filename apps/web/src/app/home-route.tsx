import { lazy, Suspense } from "react";

import { PageLoading } from "../components/page-loading";
import { LandingPage } from "../features/landing/landing-page";
import { needsAccountGate, useCurrentUser } from "../lib/auth/current-user";
import { dashboardPathFor } from "../lib/auth/role-paths";
import { AccountGate } from "./account-gate";

const AdminPage = lazy(async () => ({ default: (await import("../features/admin/admin-page")).AdminPage }));

/** `/` is the landing page, except for admins, who see their dashboard there (per the specification). */
export function HomeRoute() {
  const { user, isLoading } = useCurrentUser();
  // A moment of blank ivory while we learn who is visiting, rather than a flash of the wrong page.
  if (isLoading) return null;
  // A fresh sign-in lands here: an account with something to do first (its own password, a
  // required second step) does it, then goes on to its dashboard rather than the landing page.
  if (user && needsAccountGate(user)) return <AccountGate user={user} continueTo={dashboardPathFor(user.role)} />;
  if (user?.role === "admin") {
    return (
      <Suspense fallback={<PageLoading />}>
        <AdminPage />
      </Suspense>
    );
  }
  return <LandingPage />;
}
