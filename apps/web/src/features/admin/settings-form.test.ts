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
  waitlistHoldMinutes: 15,
  requireStaffTwoStep: false,
  crisisResources: [
    { name: "988 Suicide & Crisis Lifeline", contact: "Call or text 988", detail: "Any hour" },
    { name: "Emergency services", contact: "Call 911" },
  ],
  reminderLeadHours: [48, 2],
  quietHours: { start: "21:00", end: "08:00" },
  nameClinicianInNotices: false,
  currency: "USD",
  noShowFeePercent: 100,
  lateCancelFeePercent: 50,
  clinicAddress: "12 Harbour Street\nPortland, ME 04101",
  clinicEin: "12-3456789",
  clinicNpi: null,
};

describe("checkSettings", () => {
  it("reads an empty identity box as not set, and says what an EIN and an NPI must look like", () => {
    const values = valuesFromSettings(saved);
    const cleared = checkSettings({ ...values, clinicEin: " ", clinicAddress: "" });
    expect(cleared.ok && [cleared.settings.clinicEin, cleared.settings.clinicAddress]).toEqual([null, null]);
    const wrong = checkSettings({ ...values, clinicEin: "123456789", clinicNpi: "1234567890" });
    expect(!wrong.ok && wrong.errors).toMatchObject({ clinicEin: expect.stringMatching(/NN-NNNNNNN/), clinicNpi: expect.stringMatching(/does not check/) });
  });

  it("accepts the saved settings as they are", () => {
    expect(checkSettings(valuesFromSettings(saved))).toEqual({ ok: true, settings: saved });
  });

  it("holds a waitlist offer for whole minutes, 1 to 240", () => {
    const values = valuesFromSettings(saved);
    expect(checkSettings({ ...values, waitlistHoldMinutes: "30" })).toMatchObject({ ok: true, settings: { waitlistHoldMinutes: 30 } });
    expect(checkSettings({ ...values, waitlistHoldMinutes: "" })).toMatchObject({
      ok: false,
      errors: { waitlistHoldMinutes: "Enter the hold in minutes, e.g. 15." },
    });
    expect(checkSettings({ ...values, waitlistHoldMinutes: "0" })).toMatchObject({
      ok: false,
      errors: { waitlistHoldMinutes: "Hold an offered hour at least 1 minute" },
    });
    expect(checkSettings({ ...values, waitlistHoldMinutes: "2.5" })).toMatchObject({
      ok: false,
      errors: { waitlistHoldMinutes: expect.stringMatching(/whole minutes/) },
    });
  });

  it("reads an empty fee box as no such fee, and refuses a fee over 100% or a currency that is not three letters", () => {
    const values = valuesFromSettings(saved);
    const checked = checkSettings({ ...values, lateCancelFeePercent: " " });
    expect(checked.ok && checked.settings.lateCancelFeePercent).toBeNull();
    expect(checkSettings({ ...values, noShowFeePercent: "150" })).toMatchObject({
      ok: false,
      errors: { noShowFeePercent: expect.stringMatching(/at most 100%/) },
    });
    expect(checkSettings({ ...values, currency: "dollars" })).toMatchObject({ ok: false, errors: { currency: expect.stringMatching(/ISO 4217/) } });
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

  it("takes up to three reminder lead times from their boxes, longest first, empty boxes left out", () => {
    const values = valuesFromSettings(saved);
    expect(values.reminderLeads).toEqual(["48", "2", ""]);
    const checked = checkSettings({ ...values, reminderLeads: ["2", "", "24"] });
    expect(checked.ok && checked.settings.reminderLeadHours).toEqual([24, 2]);
    expect(checkSettings({ ...values, reminderLeads: ["", "", ""] })).toMatchObject({ ok: true, settings: { reminderLeadHours: [] } });
    expect(checkSettings({ ...values, reminderLeads: ["2", "2", ""] })).toEqual({
      ok: false,
      errors: { reminderLeadHours: "Give each reminder a different lead time" },
    });
    expect(checkSettings({ ...values, reminderLeads: ["0", "", ""] })).toEqual({
      ok: false,
      errors: { reminderLeadHours: "A reminder goes at least 1 hour before the session" },
    });
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
