import { describe, expect, it } from "vitest";

import { navigationItemsFor } from "./navigation-items";

const labelsAndTargets = (role: Parameters<typeof navigationItemsFor>[0]) => navigationItemsFor(role).map(({ label, to }) => `${label} ${to}`);

describe("navigationItemsFor", () => {
  it("offers the landing sections and the team when signed out", () => {
    expect(labelsAndTargets(null)).toEqual(["Services /#services", "About /#about", "Team /team"]);
  });

  it("points a doctor's Dashboard at the doctor dashboard", () => {
    expect(labelsAndTargets("doctor")).toEqual(["Dashboard /dashboard/doctor", "Appointments /appointments", "Messages /messages"]);
  });

  it("points a patient's Dashboard at the patient dashboard and an admin's at the admin dashboard", () => {
    expect(navigationItemsFor("patient")[0]?.to).toBe("/dashboard/patient");
    expect(navigationItemsFor("admin")[0]?.to).toBe("/admin");
  });
});
