import { Navigate } from "react-router-dom";

import { useCurrentUser } from "../lib/auth/current-user";
import { dashboardPathFor } from "../lib/auth/role-paths";

/** `/dashboard`, which people type, is the member's own dashboard (inside RequireAuth: there is a member). */
export function OwnDashboardRedirect() {
  const { user } = useCurrentUser();
  return user ? <Navigate to={dashboardPathFor(user.role)} replace /> : null;
}
