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
  crisisResources: [
    { name: "988 Suicide & Crisis Lifeline", contact: "Call or text 988", detail: "Any hour" },
    { name: "Emergency services", contact: "Call 911" },
  ],
};

describe("checkSettings", () => {
  it("accepts the saved settings as they are", () => {
    expect(checkSettings(valuesFromSettings(saved))).toEqual({ ok: true, settings: saved });
  });

  it("keeps at least one crisis resource, each named with a way to reach it; a blank extra line is left out", () => {
    const values = valuesFromSettings(saved);
    expect(checkSettings({ ...values, crisisResources: [] })).toEqual({ ok: false, errors: { crisisResources: "Keep at least one crisis resource" } });
    expect(checkSettings({ ...values, crisisResources: [{ name: "Samaritans", contact: " ", detail: "" }] })).toEqual({
      ok: false,
      errors: { crisisResources: "Say how to reach it" },
    });
    const checked = checkSettings({ ...values, crisisResources: [{ name: "Samaritans", contact: "Call 116 123", detail: "  " }] });
    expect(checked.ok && checked.settings.crisisResources).toEqual([{ name: "Samaritans", contact: "Call 116 123" }]);
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
