import { describe, expect, it } from "vitest";

import { checkWaitlistForm, describeTimes, emptyWaitlistForm, waitedPhrase } from "./waitlist-form";

const today = new Date("2026-12-01T12:00:00.000Z");

describe("checkWaitlistForm", () => {
  it("asks for a doctor, a day, a time that ends after it starts, and a last date, in that order", () => {
    const empty = emptyWaitlistForm(today);
    expect(checkWaitlistForm(empty, undefined)).toMatchObject({ ok: false, field: "doctor" });
    expect(checkWaitlistForm({ ...empty, doctor: 4 }, undefined)).toMatchObject({ ok: false, field: "weekdays" });
    expect(checkWaitlistForm({ ...empty, doctor: 4, weekdays: [2], from: "18:00", to: "17:00" }, undefined)).toMatchObject({ ok: false, field: "time" });
    expect(checkWaitlistForm({ ...empty, doctor: 4, weekdays: [2], untilDate: "" }, undefined)).toMatchObject({ ok: false, field: "untilDate" });
  });

  it("sends one span per chosen day, and any doctor as no doctor with the service", () => {
    const values = { ...emptyWaitlistForm(today), doctor: "any" as const, weekdays: [4, 2], from: "17:00", to: "20:00" };
    expect(checkWaitlistForm(values, 3)).toEqual({
      ok: true,
      input: {
        serviceId: 3,
        times: [
          { weekday: 2, start: "17:00", end: "20:00" },
          { weekday: 4, start: "17:00", end: "20:00" },
        ],
        untilDate: "2026-12-31",
      },
    });
    expect(checkWaitlistForm({ ...values, doctor: 9 }, undefined)).toMatchObject({ ok: true, input: { doctorId: 9 } });
  });
});

describe("describeTimes", () => {
  it("groups the days that share a span, Monday first and Sunday last", () => {
    expect(
      describeTimes([
        { weekday: 0, start: "10:00", end: "12:00" },
        { weekday: 3, start: "17:00", end: "20:00" },
        { weekday: 1, start: "17:00", end: "20:00" },
      ]),
    ).toBe("Mon, Wed 17:00–20:00 · Sun 10:00–12:00");
  });
});

describe("waitedPhrase", () => {
  it("says how long someone has waited", () => {
    expect(waitedPhrase(0)).toBe("Joined today");
    expect(waitedPhrase(1)).toBe("Waiting 1 day");
    expect(waitedPhrase(12)).toBe("Waiting 12 days");
  });
});
