import { describe, expect, it } from "vitest";

import { checkService, fieldOfPath, NEW_SERVICE, readAmount, suggestedCpt, valuesOf, type ServiceValues } from "./service-form";

const filled: ServiceValues = { ...NEW_SERVICE, name: " Individual Therapy ", minutes: "53", fee: "150", usualSessionsPerYear: "40" };

describe("readAmount", () => {
  it("reads dollars and cents exactly, as integer cents", () => {
    expect(readAmount("120", "USD")).toEqual({ ok: true, minor: 12_000 });
    expect(readAmount("120.5", "USD")).toEqual({ ok: true, minor: 12_050 });
    expect(readAmount("120.50", "USD")).toEqual({ ok: true, minor: 12_050 });
    // Where floating point would slip: 0.29 * 100 is 28.999999999999996.
    expect(readAmount("0.29", "USD")).toEqual({ ok: true, minor: 29 });
    expect(readAmount("1,200.10", "USD")).toEqual({ ok: true, minor: 120_010 });
    expect(readAmount(" 0 ", "USD")).toEqual({ ok: true, minor: 0 });
  });

  it("refuses what is not an amount, saying how to write one", () => {
    for (const bad of ["120.505", "12o", "-5", "1e3", "$120", "120,5", "."]) {
      expect(readAmount(bad, "USD"), bad).toEqual({ ok: false, message: "Give the fee as an amount like 120 or 120.50 (at most 2 decimal places)" });
    }
    expect(readAmount("  ", "USD")).toEqual({ ok: false, message: "Give the fee, like 120 or 120.50" });
  });

  it("follows the currency's minor unit: yen have none", () => {
    expect(readAmount("12000", "JPY")).toEqual({ ok: true, minor: 12_000 });
    expect(readAmount("120.5", "JPY")).toEqual({ ok: false, message: "Give the fee in whole JPY, like 120" });
  });
});

describe("checkService", () => {
  it("makes the server's input, leaving the CPT code to the server when none is typed", () => {
    expect(checkService(filled, "USD")).toEqual({
      ok: true,
      input: { name: "Individual Therapy", minutes: 53, feeMinor: 15_000, kind: "individual", videoAllowed: true, usualSessionsPerYear: 40, active: true },
    });
    const own = checkService({ ...filled, kind: "family", cptCode: " 90846 " }, "USD");
    expect(own.ok && own.input.cptCode).toBe("90846");
  });

  it("says what is wrong by each field, in the server's words where the server has them", () => {
    const result = checkService({ ...filled, name: "  ", minutes: "10", fee: "12.345", cptCode: "9083", usualSessionsPerYear: "forty" }, "USD");
    expect(result).toEqual({
      ok: false,
      errors: {
        name: "Give the service a name",
        minutes: "A session is at least 16 minutes",
        fee: "Give the fee as an amount like 120 or 120.50 (at most 2 decimal places)",
        cptCode: "A CPT code is five digits, like 90837",
        usualSessionsPerYear: "Give a whole number of sessions, like 40 (0 if you would rather not say)",
      },
    });
    expect(checkService({ ...filled, minutes: "50.5" }, "USD")).toMatchObject({ ok: false, errors: { minutes: "Give the length in whole minutes, like 53" } });
  });

  it("takes an empty usual number of sessions as none", () => {
    expect(checkService({ ...filled, usualSessionsPerYear: "" }, "USD")).toMatchObject({ ok: true, input: { usualSessionsPerYear: 0 } });
  });
});

describe("the form and a saved service", () => {
  const saved = {
    id: 4,
    name: "Couples Therapy",
    minutes: 53,
    feeMinor: 18_050,
    cptCode: "90847",
    kind: "couples",
    videoAllowed: false,
    usualSessionsPerYear: 24,
    active: true,
  } as const;

  it("shows the fee as typed, and a suggested CPT code as no code of its own", () => {
    expect(valuesOf(saved, "USD")).toMatchObject({ fee: "180.50", minutes: "53", cptCode: "", videoAllowed: false, usualSessionsPerYear: "24" });
    expect(valuesOf({ ...saved, cptCode: "90846" }, "USD").cptCode).toBe("90846");
  });

  it("suggests the code the kind and length call for", () => {
    expect(suggestedCpt({ kind: "individual", minutes: "30" })).toBe("90832");
    expect(suggestedCpt({ kind: "individual", minutes: "45" })).toBe("90834");
    expect(suggestedCpt({ kind: "individual", minutes: "60" })).toBe("90837");
    expect(suggestedCpt({ kind: "intake", minutes: "90" })).toBe("90791");
    expect(suggestedCpt({ kind: "individual", minutes: "" })).toBeNull();
  });

  it("puts the server's feeMinor problem by the fee", () => {
    expect(fieldOfPath("feeMinor")).toBe("fee");
    expect(fieldOfPath("name")).toBe("name");
    expect(fieldOfPath("active")).toBeUndefined();
  });
});
