import { describe, expect, it } from "vitest";

import { BOOKING_REQUIRED, EMPTY_BOOKING, PATIENT_REQUIRED, validateBooking } from "./booking-form";

const complete = { ...EMPTY_BOOKING, doctorId: 2, title: "  Individual therapy ", startTime: "2026-11-24T15:00:00.000Z" };

describe("the booking form's required fields: doctor, title and date/time", () => {
  it("books with the title trimmed and no empty description", () => {
    expect(validateBooking(complete, "self")).toEqual({
      ok: true,
      input: { doctorId: 2, title: "Individual therapy", startTime: "2026-11-24T15:00:00.000Z" },
    });
    expect(validateBooking({ ...complete, description: " Before the holidays " }, "self")).toMatchObject({
      ok: true,
      input: { description: "Before the holidays" },
    });
  });

  it("names the first missing field, in the specification's words", () => {
    expect(validateBooking({ ...complete, doctorId: undefined }, "self")).toEqual({ ok: false, field: "doctor", message: BOOKING_REQUIRED });
    expect(validateBooking({ ...complete, title: "   " }, "self")).toEqual({ ok: false, field: "title", message: BOOKING_REQUIRED });
    expect(validateBooking({ ...complete, startTime: undefined }, "self")).toEqual({ ok: false, field: "startTime", message: BOOKING_REQUIRED });
  });

  it("a doctor booking for a patient names the patient", () => {
    expect(validateBooking(complete, "patient")).toEqual({ ok: false, field: "patient", message: PATIENT_REQUIRED });
    expect(validateBooking({ ...complete, patientId: 6 }, "patient")).toMatchObject({ ok: true, input: { patientId: 6, doctorId: 2 } });
    // A patient books for themselves: no patientId is sent.
    expect(validateBooking({ ...complete, patientId: 6 }, "self")).toMatchObject({ ok: true, input: { doctorId: 2 } });
    expect("patientId" in (validateBooking({ ...complete, patientId: 6 }, "self") as { input: object }).input).toBe(false);
  });
});
