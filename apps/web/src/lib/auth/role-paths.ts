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

/** Where "Book with Dr. …" leads: the calendar, its booking dialog open on that doctor. */
export function bookingPathFor(doctorId: number): string {
  return `/appointments?book=${doctorId}`;
}

/** The sign-in page, which continues to `path` once the visitor is signed in. */
export function signInThen(path: string): string {
  return `/auth?next=${encodeURIComponent(path)}`;
}

/**
 * The `next` of /auth, when it is a path of this app: never another site ("//evil.example",
 * "https://…"), so the sign-in page cannot be used to send someone elsewhere.
 */
export function nextPathFrom(value: string | null): string | undefined {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return undefined;
  return value;
}
