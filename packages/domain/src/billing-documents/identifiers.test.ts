import { describe, expect, it } from "vitest";
import { einField, isValidNpi, npiField } from "./identifiers";

describe("provider identifiers", () => {
  it("accepts NPIs whose check digit holds (CMS's worked example 1234567893) and refuses any one-digit change", () => {
    expect(isValidNpi("1234567893")).toBe(true);
    for (let last = 0; last <= 9; last += 1) if (last !== 3) expect(isValidNpi(`123456789${last}`)).toBe(false);
    expect(isValidNpi("1234567839")).toBe(false);
    expect(isValidNpi("123456789")).toBe(false);
    expect(isValidNpi("12345678930")).toBe(false);
  });

  it("reads empty as none and says what an EIN or an NPI must look like", () => {
    expect(npiField.parse("")).toBeNull();
    expect(einField.parse(" 12-3456789 ")).toBe("12-3456789");
    expect(einField.safeParse("123456789").error?.issues[0]?.message).toMatch(/NN-NNNNNNN/);
    expect(npiField.safeParse("1234567890").error?.issues[0]?.message).toMatch(/does not check/);
  });
});
