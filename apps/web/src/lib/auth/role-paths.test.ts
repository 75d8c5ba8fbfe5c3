import { describe, expect, it } from "vitest";

import { afterLoginPathFor, bookingPathFor, dashboardPathFor, nextPathFrom, signInThen } from "./role-paths";

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

describe("booking with a chosen doctor, signed in or not", () => {
  it("opens the calendar's booking on that doctor, through sign-in when needed", () => {
    expect(bookingPathFor(7)).toBe("/appointments?book=7");
    expect(signInThen(bookingPathFor(7))).toBe("/auth?next=%2Fappointments%3Fbook%3D7");
    expect(nextPathFrom(new URLSearchParams(signInThen(bookingPathFor(7)).split("?")[1]).get("next"))).toBe("/appointments?book=7");
  });

  it("continues only to paths of this app", () => {
    for (const elsewhere of ["//evil.example/x", "https://evil.example", "/\\evil.example", "javascript:alert(1)", "", null]) {
      expect(nextPathFrom(elsewhere)).toBeUndefined();
    }
  });
});
