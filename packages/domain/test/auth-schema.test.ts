import { describe, expect, it } from "vitest";
import { registerInputSchema } from "../src/schemas";

const valid = {
  username: "morgan.r",
  password: "quiet-harbour-42",
  firstName: "Morgan",
  lastName: "Reyes",
  phoneNumber: "(555) 123-4567",
  dateOfBirth: "1990-05-01",
};

const firstMessage = (input: unknown) => {
  const result = registerInputSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe("registration input", () => {
  it("accepts a complete form, trims names and treats an empty email as none", () => {
    const parsed = registerInputSchema.parse({ ...valid, firstName: "  Morgan ", email: "" });
    expect(parsed.firstName).toBe("Morgan");
    expect(parsed.email).toBeNull();
  });

  it("keeps passwords exactly as typed", () => {
    expect(registerInputSchema.parse({ ...valid, password: "  spaced out  " }).password).toBe("  spaced out  ");
  });

  it("words each problem for a person", () => {
    expect(firstMessage({ ...valid, username: undefined })).toBe("Username and password are required");
    expect(firstMessage({ ...valid, phoneNumber: "" })).toBe("First name, last name, phone number, and date of birth are required for registration");
    expect(firstMessage({ ...valid, dateOfBirth: "1990-02-30" })).toBe("Enter a real date of birth in the past");
    expect(firstMessage({ ...valid, dateOfBirth: "05/01/1990" })).toBe("Enter the date of birth as YYYY-MM-DD");
    expect(firstMessage({ ...valid, username: "no spaces" })).toMatch(/letters, digits/);
    expect(firstMessage({ ...valid, password: "x".repeat(129) })).toMatch(/at most 128/);
    expect(firstMessage({ ...valid, phoneNumber: "call me" })).toMatch(/phone number/);
  });

  it("accepts passwords of 64 characters and more", () => {
    expect(registerInputSchema.safeParse({ ...valid, password: "p".repeat(64) }).success).toBe(true);
  });
});
