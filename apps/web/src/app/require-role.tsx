import type { UserRole } from "@halcyon/domain/schemas";
import { lazy, Suspense } from "react";
import { Outlet } from "react-router-dom";

import { useCurrentUser } from "../lib/auth/current-user";

// Rarely seen, so not part of every page's first load.
const ForbiddenPage = lazy(async () => ({ default: (await import("../components/forbidden-page")).ForbiddenPage }));

/** Pages for some roles only; inside RequireAuth, so the member is signed in here. */
export function RequireRole({ roles }: { roles: UserRole[] }) {
  const { user } = useCurrentUser();
  if (!user || !roles.includes(user.role)) {
    return (
      <Suspense fallback={null}>
        <ForbiddenPage />
      </Suspense>
    );
  }
  return <Outlet />;
}
