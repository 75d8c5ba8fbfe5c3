import { describe, expect, it } from "vitest";

import { checkNewUser, suggestUsername, type NewUserValues } from "./new-user-form";
import { emptyWeek, weekFromPeriods } from "./working-hours";

const base: NewUserValues = {
  role: "patient",
  firstName: " Iris ",
  lastName: "Halloway",
  username: "iris.halloway",
  email: "",
  phoneNumber: "(555) 010-2020",
  dateOfBirth: "1990-02-03",
  specialization: "",
  ownHours: false,
  week: emptyWeek(),
};

describe("checkNewUser", () => {
  it("builds the server's input, trimmed, with an empty email as none", () => {
    expect(checkNewUser(base)).toEqual({
      ok: true,
      input: {
        role: "patient",
        firstName: "Iris",
        lastName: "Halloway",
        username: "iris.halloway",
        phoneNumber: "(555) 010-2020",
        dateOfBirth: "1990-02-03",
        email: null,
      },
    });
  });

  it("names each missing field", () => {
    const result = checkNewUser({ ...base, firstName: "", phoneNumber: " " });
    expect(result).toEqual({ ok: false, errors: { firstName: "Enter a first name.", phoneNumber: "Enter a phone number." } });
  });

  it("uses the server's own words for malformed values", () => {
    const result = checkNewUser({ ...base, username: "iris halloway", email: "not-an-email" });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.username).toBe("Usernames may use letters, digits, dots, dashes and underscores only");
      expect(result.errors.email).toBe("Enter a valid email address, or leave it empty");
    }
  });

  it("asks a doctor for a specialization, and sends own hours only when chosen", () => {
    expect(checkNewUser({ ...base, role: "doctor" })).toEqual({ ok: false, errors: { specialization: "A doctor needs a specialization." } });
    const week = weekFromPeriods([{ weekday: 2, start: "10:00", end: "16:00" }]);
    const withClinicHours = checkNewUser({ ...base, role: "doctor", specialization: "Couples Therapy", week });
    expect(withClinicHours.ok).toBe(true);
    expect(withClinicHours.ok && "workingHours" in withClinicHours.input).toBe(false);
    const withOwnHours = checkNewUser({ ...base, role: "doctor", specialization: "Couples Therapy", ownHours: true, week });
    expect(withOwnHours.ok && withOwnHours.input.workingHours).toEqual([{ weekday: 2, start: "10:00", end: "16:00" }]);
  });

  it("refuses own hours that are closed all week or run backwards", () => {
    const closed = checkNewUser({ ...base, role: "doctor", specialization: "x", ownHours: true, week: emptyWeek() });
    expect(closed).toEqual({ ok: false, errors: { hours: "Open at least one day, or keep to the clinic's hours." } });
    const backwards = checkNewUser({
      ...base,
      role: "doctor",
      specialization: "x",
      ownHours: true,
      week: weekFromPeriods([{ weekday: 1, start: "18:00", end: "09:00" }]),
    });
    expect(backwards).toEqual({ ok: false, errors: { hours: "On Monday, each period must end after it starts." } });
  });
});

describe("suggestUsername", () => {
  it("suggests dr.lastname for doctors and first.last for everyone else", () => {
    expect(suggestUsername("doctor", "Eleanor", "Vance")).toBe("dr.vance");
    expect(suggestUsername("patient", "Zoë", "O'Brien")).toBe("zoe.obrien");
    expect(suggestUsername("admin", "", "")).toBe("");
  });
});
