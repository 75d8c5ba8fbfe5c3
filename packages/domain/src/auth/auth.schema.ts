// What sign-in and registration accept, with the messages a person reads when input is wrong.
// Browser-safe: the web app validates with the same rules before it sends.
import { z } from "zod";
import { dateOfBirthField, phoneNumberField } from "../users/profile-fields";
import { userRoleSchema } from "../users/user.schema";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-length";

export * from "./password-length";

export const USERNAME_MAX_LENGTH = 64;

const CREDENTIALS_REQUIRED = "Username and password are required";
const PROFILE_REQUIRED = "First name, last name, phone number, and date of birth are required for registration";

/** A string field that is required: missing, null and blank all read as "missing". */
const required = (message: string) => z.preprocess((value) => (typeof value === "string" ? value.trim() : value), z.string({ error: message }).min(1, message));

export const loginInputSchema = z
  .object({
    username: required(CREDENTIALS_REQUIRED),
    // Passwords are never trimmed: spaces are part of them.
    password: z.string({ error: CREDENTIALS_REQUIRED }).min(1, CREDENTIALS_REQUIRED),
  })
  .meta({ id: "LoginInput" });
export type LoginInput = z.infer<typeof loginInputSchema>;

export const registerInputSchema = z
  .object({
    username: required(CREDENTIALS_REQUIRED)
      .pipe(z.string().max(USERNAME_MAX_LENGTH, `Usernames can be at most ${USERNAME_MAX_LENGTH} characters`))
      .pipe(z.string().regex(/^[A-Za-z0-9._-]+$/, "Usernames may use letters, digits, dots, dashes and underscores only")),
    password: z
      .string({ error: CREDENTIALS_REQUIRED })
      .min(1, CREDENTIALS_REQUIRED)
      .min(PASSWORD_MIN_LENGTH, `Passwords need at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `Passwords can be at most ${PASSWORD_MAX_LENGTH} characters`),
    firstName: required(PROFILE_REQUIRED).pipe(z.string().max(100, "First names can be at most 100 characters")),
    lastName: required(PROFILE_REQUIRED).pipe(z.string().max(100, "Last names can be at most 100 characters")),
    phoneNumber: phoneNumberField(PROFILE_REQUIRED),
    dateOfBirth: dateOfBirthField(PROFILE_REQUIRED),
    email: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? null : typeof value === "string" ? value.trim() : value),
      z.email("Enter a valid email address, or leave it empty").max(254).nullish(),
    ),
    /** Accepted for compatibility with the specification's client; the server always makes a patient. */
    role: userRoleSchema.optional(),
  })
  .meta({ id: "RegisterInput" });
export type RegisterInput = z.input<typeof registerInputSchema>;

export const logoutOutputSchema = z.object({ success: z.literal(true) });

export const changePasswordInputSchema = z
  .object({
    // Left out only by a session on a one-time password: it has just proved it (see changePassword).
    currentPassword: z.string({ error: "Enter your current password" }).min(1, "Enter your current password").optional(),
    newPassword: z
      .string({ error: "Choose a new password" })
      .min(PASSWORD_MIN_LENGTH, `Passwords need at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `Passwords can be at most ${PASSWORD_MAX_LENGTH} characters`),
  })
  .refine((input) => input.currentPassword !== input.newPassword, { message: "Choose a password different from the current one", path: ["newPassword"] })
  .meta({ id: "ChangePasswordInput" });
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;
