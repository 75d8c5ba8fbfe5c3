import { describe, expect, it } from "vitest";

import { afterLoginPathFor, dashboardPathFor } from "./role-paths";

describe("dashboardPathFor", () => {
  it("sends each role to its own dashboard", () => {
    expect(dashboardPathFor("doctor")).toBe("/dashboard/doctor");
    expect(dashboardPathFor("patient")).toBe("/dashboard/patient");
    expect(dashboardPathFor("admin")).toBe("/admin");
  });
});

describe("afterLoginPathFor", () => {
  it("lands admins on /admin and everyone else on the home page", () => {
    expect(afterLoginPathFor("admin")).toBe("/admin");
    expect(afterLoginPathFor("doctor")).toBe("/");
    expect(afterLoginPathFor("patient")).toBe("/");
  });
});
