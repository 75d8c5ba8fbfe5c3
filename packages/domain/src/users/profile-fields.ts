// The rules of a person's phone number and date of birth, one set for every way an account is
// made: a patient registering, a doctor adding a patient, an admin adding anyone. Each form says
// in its own words that the field is required (`required`: missing, null or blank).
import { z } from "zod";

const PHONE_MESSAGE = "Enter a phone number with at least 7 digits, like (555) 123-4567";

export const phoneNumberField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(30, "Phone numbers can be at most 30 characters")
    .regex(/^[0-9+()\-.\s]+$/, PHONE_MESSAGE)
    .refine((value) => (value.match(/\d/g)?.length ?? 0) >= 7, PHONE_MESSAGE);

export const dateOfBirthField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the date of birth as YYYY-MM-DD")
    .refine(isPastCalendarDate, "Enter a real date of birth in the past");

/** A calendar date that exists (not 2024-02-30), after 1900 and before now. */
function isPastCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return date.getTime() < Date.now() && date.getUTCFullYear() >= 1900;
}
