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

/** What stops a form: the first problem (said in the notification, as the spec words it), and every field's own. */
type Validation<Input> =
  { ok: true; input: Input } | { ok: false; message: string; field: AuthField | undefined; problems: Partial<Record<AuthField, string>> };

/** A field left empty: said "Required" beside it (the notification says which fields a form needs). */
const isMissing = (issue: z.core.$ZodIssue) => issue.code === "invalid_type" || (issue.code === "too_small" && issue.minimum === 1);

// The server's own schemas, so the browser stops a form with the very messages the server would send.
function validate<Schema extends z.ZodType>(schema: Schema, candidate: unknown): Validation<z.output<Schema>> {
  const result = schema.safeParse(candidate);
  if (result.success) return { ok: true, input: result.data };
  const problems: Partial<Record<AuthField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && field in EMPTY_AUTH_FORM) problems[field as AuthField] ??= isMissing(issue) ? "Required" : issue.message;
  }
  const [first] = result.error.issues;
  const field = first?.path[0];
  return {
    ok: false,
    message: first?.message ?? "Please check the form",
    field: typeof field === "string" && field in EMPTY_AUTH_FORM ? (field as AuthField) : undefined,
    problems,
  };
}

export function validateLogin({ username, password }: AuthFormValues): Validation<LoginInput> {
  return validate(loginInputSchema, { username, password });
}

/** Registration always asks for a patient account; the server makes one whatever is sent. */
export function validateRegistration(values: AuthFormValues): Validation<RegisterInput> {
  return validate(registerInputSchema, { ...values, role: "patient" });
}
