import type { UserRole } from "@halcyon/domain/schemas";
import { Outlet } from "react-router-dom";

import { ForbiddenPage } from "../components/forbidden-page";
import { useCurrentUser } from "../lib/auth/current-user";

/** Pages for some roles only; inside RequireAuth, so the member is signed in here. */
export function RequireRole({ roles }: { roles: UserRole[] }) {
  const { user } = useCurrentUser();
  if (!user || !roles.includes(user.role)) return <ForbiddenPage />;
  return <Outlet />;
}
