import type { ClinicSettings } from "@halcyon/domain/schemas";
import { describe, expect, it } from "vitest";

import { checkSettings, settingsChanged, valuesFromSettings } from "./settings-form";
import { emptyWeek } from "./working-hours";

const saved: ClinicSettings = {
  clinicName: "Halcyon",
  clinicTimeZone: "America/New_York",
  defaultWorkingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "17:00" })),
  cancellationWindowHours: 24,
  idleTimeoutMinutes: 30,
  requireStaffTwoStep: false,
};

describe("checkSettings", () => {
  it("accepts the saved settings as they are", () => {
    expect(checkSettings(valuesFromSettings(saved))).toEqual({ ok: true, settings: saved });
  });

  it("uses the server's words for values out of range", () => {
    const result = checkSettings({ ...valuesFromSettings(saved), idleTimeoutMinutes: "2", clinicTimeZone: "Mars/Olympus_Mons", clinicName: " " });
    expect(result).toEqual({
      ok: false,
      errors: {
        idleTimeoutMinutes: "At least 5 minutes",
        clinicTimeZone: "Use an IANA time zone such as America/New_York",
        clinicName: "The clinic needs a name",
      },
    });
  });

  it("asks for numbers where numbers belong, and for at least one open day", () => {
    const result = checkSettings({ ...valuesFromSettings(saved), cancellationWindowHours: "", week: emptyWeek() });
    expect(result).toEqual({
      ok: false,
      errors: { cancellationWindowHours: "Enter the window in hours, e.g. 24.", defaultWorkingHours: "Open the clinic on at least one day." },
    });
  });
});

describe("settingsChanged", () => {
  it("notices an edit and forgets it once saved", () => {
    const values = valuesFromSettings(saved);
    expect(settingsChanged(values, saved)).toBe(false);
    expect(settingsChanged({ ...values, idleTimeoutMinutes: "45" }, saved)).toBe(true);
    expect(settingsChanged({ ...values, idleTimeoutMinutes: "45" }, { ...saved, idleTimeoutMinutes: 45 })).toBe(false);
  });
});
