import { describe, expect, it } from "vitest";

import { EMPTY_AUTH_FORM, validateLogin, validateRegistration, type AuthFormValues } from "./auth-form-validation";

const complete: AuthFormValues = {
  username: "jordan.lee",
  password: "a quiet harbour at dusk",
  firstName: "Jordan",
  lastName: "Lee",
  email: "",
  phoneNumber: "(555) 123-4567",
  dateOfBirth: "1990-04-12",
};

describe("validateLogin", () => {
  it("asks for both username and password", () => {
    expect(validateLogin({ ...EMPTY_AUTH_FORM, password: "secret" })).toMatchObject({
      ok: false,
      message: "Username and password are required",
      field: "username",
    });
    expect(validateLogin({ ...EMPTY_AUTH_FORM, username: "alex" })).toMatchObject({
      ok: false,
      message: "Username and password are required",
      field: "password",
    });
  });

  it("passes complete credentials through", () => {
    expect(validateLogin(complete)).toEqual({ ok: true, input: { username: "jordan.lee", password: complete.password } });
  });
});

describe("validateRegistration", () => {
  it("checks the credentials before the profile", () => {
    expect(validateRegistration({ ...EMPTY_AUTH_FORM })).toMatchObject({ message: "Username and password are required" });
  });

  it("asks for the profile fields the specification requires", () => {
    for (const field of ["firstName", "lastName", "phoneNumber", "dateOfBirth"] as const) {
      expect(validateRegistration({ ...complete, [field]: "  " })).toMatchObject({
        ok: false,
        message: "First name, last name, phone number, and date of birth are required for registration",
        field,
      });
    }
  });

  it("names every field's own problem at once: a field left empty is required, another says what is wrong", () => {
    const result = validateRegistration({ ...complete, firstName: "", dateOfBirth: "", phoneNumber: "x", password: "short" });
    expect(result).toMatchObject({ ok: false, message: "Passwords need at least 12 characters", field: "password" });
    expect(result.ok || result.problems).toEqual({
      password: "Passwords need at least 12 characters",
      firstName: "Required",
      phoneNumber: "Enter a phone number with at least 7 digits, like (555) 123-4567",
      dateOfBirth: "Required",
    });
  });

  it("treats email as optional and always asks for a patient account", () => {
    const result = validateRegistration(complete);
    expect(result.ok).toBe(true);
    expect(result.ok && result.input.role).toBe("patient");
  });
});
