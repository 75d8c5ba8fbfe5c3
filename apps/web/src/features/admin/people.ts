import type { AdminUser, UserRole } from "@halcyon/domain/schemas";

export const ROLE_LABELS: Record<UserRole, string> = { patient: "Patient", doctor: "Doctor", admin: "Admin" };
export const ROLE_PLURALS: Record<UserRole, string> = { patient: "Patients", doctor: "Doctors", admin: "Admins" };
export const ROLES: UserRole[] = ["patient", "doctor", "admin"];

type Named = Pick<AdminUser, "firstName" | "lastName" | "role">;

export function fullName(user: Pick<AdminUser, "firstName" | "lastName">): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** How the clinic names a person in passing: doctors by title ("Dr. Vance"), everyone else in full. */
export function shortName(user: Named): string {
  return user.role === "doctor" ? `Dr. ${user.lastName}` : fullName(user);
}

/** A person's name as the admin screens show it: "Dr. Eleanor Vance", "Alex Morgan". */
export function displayName(user: Named): string {
  return user.role === "doctor" ? `Dr. ${fullName(user)}` : fullName(user);
}

/** "1–25 of 40", "No one", "1 of 1". */
export function rangeLabel(offset: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `0 of ${total}`;
  const first = offset + 1;
  const last = offset + shown;
  return first === last ? `${first} of ${total}` : `${first}–${last} of ${total}`;
}

/** A date of the user's record (createdAt, deactivatedAt) as "Nov 20, 2026". */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}
