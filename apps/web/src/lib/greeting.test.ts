import { describe, expect, it } from "vitest";

import { greetingNameOf, salutationFor } from "./greeting";

const at = (hour: number) => new Date(2026, 0, 15, hour, 30);

describe("salutationFor", () => {
  it("follows the hours of the day", () => {
    expect(salutationFor(at(5))).toBe("Good morning");
    expect(salutationFor(at(11))).toBe("Good morning");
    expect(salutationFor(at(12))).toBe("Good afternoon");
    expect(salutationFor(at(17))).toBe("Good afternoon");
    expect(salutationFor(at(18))).toBe("Good evening");
    expect(salutationFor(at(2))).toBe("Good evening");
  });
});

describe("greetingNameOf", () => {
  it("names a doctor as the spec greets them, anyone else by first name", () => {
    expect(greetingNameOf({ role: "doctor", firstName: "Eleanor", lastName: "Vance" })).toBe("Dr. Vance");
    expect(greetingNameOf({ role: "patient", firstName: "Alex", lastName: "Morgan" })).toBe("Alex");
  });
});
