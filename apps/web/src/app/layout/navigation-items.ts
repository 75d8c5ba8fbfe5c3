import type { UserRole } from "@halcyon/domain/schemas";

import { dashboardPathFor } from "../../lib/auth/role-paths";

export type NavigationItem = {
  label: string;
  to: string;
  /** A section of the landing page rather than a page of its own. */
  isSection: boolean;
};

/** The navbar's links per the specification: sections and Team when signed out, the member's pages when signed in. */
export function navigationItemsFor(role: UserRole | null): NavigationItem[] {
  if (role === null) {
    return [
      { label: "Services", to: "/#services", isSection: true },
      { label: "About", to: "/#about", isSection: true },
      { label: "Team", to: "/team", isSection: false },
    ];
  }
  return [
    { label: "Dashboard", to: dashboardPathFor(role), isSection: false },
    { label: "Appointments", to: "/appointments", isSection: false },
    { label: "Messages", to: "/messages", isSection: false },
    // A patient's own money (issue 35); staff reach it from a patient's page or the admin's Billing.
    ...(role === "patient" ? [{ label: "Billing", to: "/billing", isSection: false }] : []),
  ];
}
