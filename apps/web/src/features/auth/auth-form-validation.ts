import { loginInputSchema, registerInputSchema, type LoginInput, type RegisterInput } from "@halcyon/domain/schemas";
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

export function validateLogin({ username, password }: AuthFormValues): Validation<LoginInput> {
  return checkForm(loginInputSchema, { username, password }, AUTH_FIELDS);
}

/** Registration always asks for a patient account; the server makes one whatever is sent. */
export function validateRegistration(values: AuthFormValues): Validation<RegisterInput> {
  return checkForm(registerInputSchema, { ...values, role: "patient" }, AUTH_FIELDS);
}
