import { loginInputSchema, registerInputSchema, type LoginInput, type RegisterInput } from "@halcyon/domain/schemas";
import type { z } from "zod";

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

type Validation<Input> = { ok: true; input: Input } | { ok: false; message: string; field: AuthField | undefined };

// The server's own schemas, so the browser stops a form with the very messages the server would send.
function validate<Schema extends z.ZodType>(schema: Schema, candidate: unknown): Validation<z.output<Schema>> {
  const result = schema.safeParse(candidate);
  if (result.success) return { ok: true, input: result.data };
  const [first] = result.error.issues;
  const field = first?.path[0];
  return {
    ok: false,
    message: first?.message ?? "Please check the form",
    field: typeof field === "string" && field in EMPTY_AUTH_FORM ? (field as AuthField) : undefined,
  };
}

export function validateLogin({ username, password }: AuthFormValues): Validation<LoginInput> {
  return validate(loginInputSchema, { username, password });
}

/** Registration always asks for a patient account; the server makes one whatever is sent. */
export function validateRegistration(values: AuthFormValues): Validation<RegisterInput> {
  return validate(registerInputSchema, { ...values, role: "patient" });
}
