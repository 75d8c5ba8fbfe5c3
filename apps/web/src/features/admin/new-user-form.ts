// The Add New User form's values and checks, apart from React so they can be tested.
import { adminCreateUserInputSchema, type UserRole } from "@halcyon/domain/schemas";
import type { z } from "zod";

import { periodsFromWeek, weekProblems, type WeeklyHours } from "./working-hours";

export type NewUserValues = {
  role: UserRole;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phoneNumber: string;
  dateOfBirth: string;
  specialization: string;
  /** A doctor keeps their own weekly hours rather than the clinic's. */
  ownHours: boolean;
  week: WeeklyHours;
};

export type NewUserField = "firstName" | "lastName" | "username" | "email" | "phoneNumber" | "dateOfBirth" | "specialization" | "hours";

export type NewUserInput = z.input<typeof adminCreateUserInputSchema>;

const REQUIRED: [NewUserField, string][] = [
  ["firstName", "Enter a first name."],
  ["lastName", "Enter a last name."],
  ["username", "Choose a username."],
  ["phoneNumber", "Enter a phone number."],
  ["dateOfBirth", "Enter the date of birth."],
];

/** Turns the form into the server's input, or says what to fix, field by field (first problem first). */
export function checkNewUser(values: NewUserValues): { ok: true; input: NewUserInput } | { ok: false; errors: Partial<Record<NewUserField, string>> } {
  const errors: Partial<Record<NewUserField, string>> = {};
  for (const [field, message] of REQUIRED) if (!values[field as keyof NewUserValues]?.toString().trim()) errors[field] = message;
  const isDoctor = values.role === "doctor";
  if (isDoctor && !values.specialization.trim()) errors.specialization = "A doctor needs a specialization.";
  if (isDoctor && values.ownHours) {
    const problems = weekProblems(values.week);
    if (problems.size > 0) errors.hours = [...problems.values()][0];
    else if (periodsFromWeek(values.week).length === 0) errors.hours = "Open at least one day, or keep to the clinic's hours.";
  }

  const input: NewUserInput = {
    role: values.role,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    username: values.username.trim(),
    phoneNumber: values.phoneNumber.trim(),
    dateOfBirth: values.dateOfBirth,
    email: values.email.trim() || null,
    ...(isDoctor ? { specialization: values.specialization.trim() } : {}),
    ...(isDoctor && values.ownHours ? { workingHours: periodsFromWeek(values.week) } : {}),
  };
  const parsed = adminCreateUserInputSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = (issue.path[0] === "workingHours" ? "hours" : issue.path[0]) as NewUserField | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input };
}

/** The order problems are announced and focused in: the form's order. */
/** The id of a field's control, so a failed check can move focus to it. */
export const newUserFieldId = (field: NewUserField) => `new-user-${field}`;

export const FIELD_ORDER: NewUserField[] = ["firstName", "lastName", "username", "email", "phoneNumber", "dateOfBirth", "specialization", "hours"];

/** A username suggestion from the name: "dr.vance" for doctors, "alex.morgan" for others. */
export function suggestUsername(role: UserRole, firstName: string, lastName: string): string {
  const clean = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "");
  const first = clean(firstName);
  const last = clean(lastName);
  if (role === "doctor") return last ? `dr.${last}` : "";
  return [first, last].filter(Boolean).join(".");
}
