import { loginInputSchema, registerInputSchema } from "@halcyon/domain/schemas";
import type { z } from "zod";
import { checkForm, type FormCheck } from "../../lib/check-form";

export type AuthMode = "login" | "register";

export type AuthFormValues = {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  dateOfBirth: string;
};

export type AuthField = keyof AuthFormValues;

export const EMPTY_AUTH_FORM: AuthFormValues = {
  username: "",
  password: "",
  firstName: "",
  lastName: "",
  email: "",
  phoneNumber: "",
  dateOfBirth: "",
};

/** The form's fields in the order it shows them (registration's; signing in shows the last two). */
export const AUTH_FIELDS: readonly AuthField[] = ["firstName", "lastName", "email", "phoneNumber", "dateOfBirth", "username", "password"];

type Validation<Input> = FormCheck<Input, AuthField>;

/** A sign-in as the form holds it: the password stays in this browser (it is sent only as its authKey). */
export type SignInValues = { username: string; password: string };
/** A registration as the form holds it, the password with it (sent only as its authKey). */
export type RegistrationValues = Omit<z.output<typeof registerInputSchema>, "password" | "authKey"> & { password: string };

export function validateLogin({ username, password }: AuthFormValues): Validation<SignInValues> {
  const check = checkForm(loginInputSchema, { username, password }, AUTH_FIELDS);
  return check.ok ? { ok: true, input: { username: check.input.username, password } } : check;
}

/** Registration always asks for a patient account; the server makes one whatever is sent. */
export function validateRegistration(values: AuthFormValues): Validation<RegistrationValues> {
  const check = checkForm(registerInputSchema, { ...values, role: "patient" }, AUTH_FIELDS);
  return check.ok ? { ok: true, input: { ...check.input, password: values.password } } : check;
}
