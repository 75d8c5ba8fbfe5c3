import { describe, expect, it } from "vitest";

import { BOOKING_REQUIRED, EMPTY_BOOKING, PARTNER_REQUIRED, PATIENT_REQUIRED, serviceChoices, validateBooking, type ServiceChoice } from "./booking-form";

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

describe("the service a booking names", () => {
  const service = (id: number, kind: ServiceChoice["kind"]): ServiceChoice => ({
    id,
    name: `Service ${id}`,
    minutes: 53,
    kind,
    cptCode: "90837",
    videoAllowed: true,
    feeMinor: 15_000,
    agreedFeeMinor: 9_000,
    ownRate: true,
  });
  const quoted = [service(1, "couples"), service(2, "individual"), service(3, "intake"), service(4, "group"), service(5, "family")];

  it("offers what one patient books alone (individual, intake) and a couple's, in the quote's order, starting at the server's default", () => {
    expect(serviceChoices({ defaultServiceId: 2, services: quoted })).toEqual({ services: [quoted[0], quoted[1], quoted[2]], defaultId: 2 });
  });

  it("asks a couples booking for the partner's address, and sends it only with a couples service", () => {
    const couples = { ...complete, serviceId: 1 };
    expect(validateBooking(couples, "self", 2, quoted)).toEqual({ ok: false, field: "partner", message: PARTNER_REQUIRED });
    expect(validateBooking({ ...couples, partnerEmail: "sam@" }, "self", 2, quoted)).toEqual({ ok: false, field: "partner", message: PARTNER_REQUIRED });
    expect(validateBooking({ ...couples, partnerEmail: " sam@example.com " }, "self", 2, quoted)).toMatchObject({
      ok: true,
      input: { serviceId: 1, partnerEmail: "sam@example.com" },
    });
    const alone = validateBooking({ ...complete, serviceId: 2, partnerEmail: "sam@example.com" }, "self", 2, quoted);
    expect(alone.ok && "partnerEmail" in alone.input).toBe(false);
  });

  it("offers nothing without a quote or services, and starts at none when the server's default is not offered", () => {
    expect(serviceChoices(undefined)).toEqual({ services: [], defaultId: undefined });
    expect(serviceChoices({ defaultServiceId: null, services: [] })).toEqual({ services: [], defaultId: undefined });
    expect(serviceChoices({ defaultServiceId: null, services: [quoted[2]!] })).toEqual({ services: [quoted[2]], defaultId: undefined });
    expect(serviceChoices({ defaultServiceId: 4, services: quoted }).defaultId).toBeUndefined();
  });

  it("names the service chosen, else the default shown, else none (the server books as before)", () => {
    expect(validateBooking({ ...complete, serviceId: 3 }, "self", 2)).toMatchObject({ ok: true, input: { serviceId: 3 } });
    expect(validateBooking(complete, "self", 2)).toMatchObject({ ok: true, input: { serviceId: 2 } });
    const none = validateBooking(complete, "self");
    expect(none.ok && "serviceId" in none.input).toBe(false);
  });
});
