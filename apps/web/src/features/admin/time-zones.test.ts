import { describe, expect, it } from "vitest";

import { currentZoneName, matchTimeZones, supportedTimeZones } from "./time-zones";

const ZONES = ["America/New_York", "America/Los_Angeles", "Europe/London", "Europe/Lisbon", "UTC"];

describe("the time zone search", () => {
  it("finds a zone by any of its words, in any case and order, with underscores as spaces", () => {
    expect(matchTimeZones(ZONES, "new york")).toEqual(["America/New_York"]);
    expect(matchTimeZones(ZONES, "YORK america")).toEqual(["America/New_York"]);
    expect(matchTimeZones(ZONES, "europe/l")).toEqual(["Europe/London", "Europe/Lisbon"]);
  });

  it("offers every zone for an empty search, and none for nonsense", () => {
    expect(matchTimeZones(ZONES, "  ")).toEqual(ZONES);
    expect(matchTimeZones(ZONES, "Atlantis")).toEqual([]);
  });

  it("lists the browser's IANA zones", () => {
    expect(supportedTimeZones()).toEqual(expect.arrayContaining(["Europe/London", "UTC"]));
  });

  it("lists renamed zones by their current names, and finds them by either name", () => {
    const zones = supportedTimeZones();
    expect(zones).toEqual(
      expect.arrayContaining(["Asia/Kolkata", "Europe/Kyiv", "Asia/Ho_Chi_Minh", "America/Nuuk", "Africa/Asmara", "America/Indiana/Indianapolis"]),
    );
    expect(zones).not.toContain("Africa/Asmera");
    expect(zones).not.toContain("Asia/Calcutta");
    expect(matchTimeZones(zones, "kolkata")).toEqual(["Asia/Kolkata"]);
    expect(matchTimeZones(zones, "calcutta")).toEqual(["Asia/Kolkata"]);
    expect(matchTimeZones(zones, "kyiv")).toEqual(["Europe/Kyiv"]);
    expect(matchTimeZones(zones, "ho chi minh")).toEqual(["Asia/Ho_Chi_Minh"]);
  });
});

describe("a zone's current name", () => {
  it("is the renamed zone's new name, and any other zone's own", () => {
    expect(currentZoneName("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(currentZoneName("Europe/Kiev")).toBe("Europe/Kyiv");
    expect(currentZoneName("Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(currentZoneName("America/New_York")).toBe("America/New_York");
  });
});
