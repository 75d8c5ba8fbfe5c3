// What sign-in and registration accept, with the messages a person reads when input is wrong.
// Browser-safe: the web app validates with the same rules before it sends.
import { z } from "zod";
import { dateOfBirthField, phoneNumberField } from "../users/profile-fields";
import { userRoleSchema } from "../users/user.schema";
import { keySealSchema } from "../keys/keys.schema";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-length";

export * from "./password-length";

export const USERNAME_MAX_LENGTH = 64;

const CREDENTIALS_REQUIRED = "Username and password are required";
const PROFILE_REQUIRED = "First name, last name, phone number, and date of birth are required for registration";

/** A password someone chooses: the length rules (the rest are judgePassword's). */
const newPasswordField = (message: string) =>
  z
    .string({ error: message })
    .min(1, message)
    .min(PASSWORD_MIN_LENGTH, `Passwords need at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Passwords can be at most ${PASSWORD_MAX_LENGTH} characters`);

/** A string field that is required: missing, null and blank all read as "missing". */
const required = (message: string) => z.preprocess((value) => (typeof value === "string" ? value.trim() : value), z.string({ error: message }).min(1, message));

/** The web app's sign-in secret: HKDF of the password's Argon2id, base64url (32 bytes). */
const AUTH_KEY = /^[A-Za-z0-9_-]{43}$/;
const authKeyField = (message: string) => z.string({ error: message }).regex(AUTH_KEY, message);
const AUTH_KEY_FORMAT = "An authKey is 43 base64url characters: the sign-in secret the web app derives from the password.";
const ONE_PROOF = "Send the password or the authKey, not both.";

/** A password as typed: never trimmed (spaces are part of it). */
const typedPassword = (message: string) => z.string({ error: message }).min(1, message);

/**
 * The specification's sign-in (`password`), or the web app's (`authKey`, derived in the browser,
 * with `legacyProof` for a member still on a pre-split verifier, and `passwordFallsShort` when
 * the browser's judgePassword refused the typed password).
 */
export const loginInputSchema = z
  .object({
    username: required(CREDENTIALS_REQUIRED),
    password: typedPassword(CREDENTIALS_REQUIRED).optional(),
    authKey: authKeyField(AUTH_KEY_FORMAT).optional(),
    legacyProof: z.string().regex(AUTH_KEY, "A legacyProof is 43 base64url characters: the old hash's bytes.").optional(),
    passwordFallsShort: z.boolean().optional(),
  })
  .meta({ id: "LoginInput" })
  .transform((input, check): LoginInput => {
    if (input.password !== undefined && input.authKey !== undefined) check.addIssue({ code: "custom", path: ["authKey"], message: ONE_PROOF });
    else if (input.password !== undefined) return { username: input.username, password: input.password };
    else if (input.authKey !== undefined) {
      return { username: input.username, authKey: input.authKey, legacyProof: input.legacyProof, passwordFallsShort: input.passwordFallsShort === true };
    } else check.addIssue({ code: "custom", path: ["password"], message: CREDENTIALS_REQUIRED });
    return z.NEVER;
  });
export type LoginInput = { username: string } & ({ password: string } | { authKey: string; legacyProof: string | undefined; passwordFallsShort: boolean });

export const signInParamsInputSchema = z.object({
  username: required("Enter a username.").pipe(z.string().max(256, "Usernames can be at most 256 characters")),
});

const kdfFields = { salt: z.string(), memoryKiB: z.number().int(), iterations: z.number().int(), parallelism: z.number().int() };
/** What the browser derives a password's secrets with: the member's salt and parameters, and while any member has one, the old hash's. */
export const signInParamsSchema = z
  .object({
    kdf: z.object({ algorithm: z.literal("argon2id"), ...kdfFields }),
    legacy: z.object(kdfFields).nullable(),
  })
  .meta({ id: "SignInParams" });
export type SignInParams = z.infer<typeof signInParamsSchema>;

export const registerInputSchema = z
  .object({
    username: required(CREDENTIALS_REQUIRED)
      .pipe(z.string().max(USERNAME_MAX_LENGTH, `Usernames can be at most ${USERNAME_MAX_LENGTH} characters`))
      .pipe(z.string().regex(/^[A-Za-z0-9._-]+$/, "Usernames may use letters, digits, dots, dashes and underscores only")),
    password: newPasswordField(CREDENTIALS_REQUIRED).optional(),
    /** The web app's: derived from the password with the salt the sign-in params gave for this username. */
    authKey: authKeyField(AUTH_KEY_FORMAT).optional(),
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
  .meta({ id: "RegisterInput" })
  .superRefine((input, check) => {
    if (input.password !== undefined && input.authKey !== undefined) check.addIssue({ code: "custom", path: ["authKey"], message: ONE_PROOF });
    else if (input.password === undefined && input.authKey === undefined) check.addIssue({ code: "custom", path: ["password"], message: CREDENTIALS_REQUIRED });
  });
export type RegisterInput = z.input<typeof registerInputSchema>;

export const logoutOutputSchema = z.object({ success: z.literal(true) });

const ENTER_CURRENT = "Enter your current password";
const CHOOSE_NEW = "Choose a new password";
const DIFFERENT = "Choose a password different from the current one";

/**
 * The specification's change (`currentPassword`, `newPassword`), or the web app's (`currentAuthKey`,
 * `newAuthKey` derived with the member's own salt and parameters, and the private key sealed
 * under the new seal secret). The current one is left out only by a session on a one-time password.
 */
export const changePasswordInputSchema = z
  .object({
    currentPassword: typedPassword(ENTER_CURRENT).optional(),
    newPassword: newPasswordField(CHOOSE_NEW).optional(),
    currentAuthKey: authKeyField(AUTH_KEY_FORMAT).optional(),
    newAuthKey: authKeyField(AUTH_KEY_FORMAT).optional(),
    sealedPrivateKey: keySealSchema.optional(),
  })
  .meta({ id: "ChangePasswordInput" })
  .transform((input, check): ChangePasswordInput => {
    const plain = input.currentPassword !== undefined || input.newPassword !== undefined;
    const derived = input.currentAuthKey !== undefined || input.newAuthKey !== undefined || input.sealedPrivateKey !== undefined;
    if (plain && derived) {
      check.addIssue({ code: "custom", path: ["newAuthKey"], message: "Send the passwords or the authKeys, not both." });
      return z.NEVER;
    }
    if (derived) {
      if (input.newAuthKey === undefined) check.addIssue({ code: "custom", path: ["newAuthKey"], message: CHOOSE_NEW });
      else if (input.newAuthKey === input.currentAuthKey) check.addIssue({ code: "custom", path: ["newAuthKey"], message: DIFFERENT });
      else {
        return {
          current: input.currentAuthKey === undefined ? undefined : { authKey: input.currentAuthKey },
          next: { authKey: input.newAuthKey },
          sealedPrivateKey: input.sealedPrivateKey,
        };
      }
      return z.NEVER;
    }
    if (input.newPassword === undefined) check.addIssue({ code: "custom", path: ["newPassword"], message: CHOOSE_NEW });
    else if (input.newPassword === input.currentPassword) check.addIssue({ code: "custom", path: ["newPassword"], message: DIFFERENT });
    else {
      return {
        current: input.currentPassword === undefined ? undefined : { password: input.currentPassword },
        next: { password: input.newPassword },
        sealedPrivateKey: undefined,
      };
    }
    return z.NEVER;
  });
export type ChangePasswordInput = {
  current: { password: string } | { authKey: string } | undefined;
  next: { password: string } | { authKey: string };
  sealedPrivateKey: string | undefined;
};

/** "Forgot password?": the account's username, or its email address. */
export const forgotPasswordInputSchema = z.object({
  login: required("Enter your username or email address.").pipe(z.string().max(256, "That is longer than any username or email address.")),
});
export const forgotPasswordOutputSchema = z.object({ success: z.literal(true) });

const RESET_TOKEN = "This link is not complete: open it from the email again.";
const resetTokenField = z.string({ error: RESET_TOKEN }).min(1, RESET_TOKEN).max(2048);

export const resetLinkInputSchema = z.object({ token: resetTokenField });

/** Whose password a reset link sets, and how the browser derives its secrets (the member's own salt and parameters). */
export const resetLinkAccountSchema = z
  .object({
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    kdf: z.object({ algorithm: z.literal("argon2id"), ...kdfFields }),
  })
  .meta({ id: "ResetLinkAccount" });

/** The new password from a reset link: as typed (API clients), or the web app's authKey derived from it. */
export const resetPasswordInputSchema = z
  .object({
    token: resetTokenField,
    password: newPasswordField(CHOOSE_NEW).optional(),
    authKey: authKeyField(AUTH_KEY_FORMAT).optional(),
  })
  .meta({ id: "ResetPasswordInput" })
  .transform((input, check): { token: string; next: { password: string } | { authKey: string } } => {
    if (input.password !== undefined && input.authKey !== undefined) check.addIssue({ code: "custom", path: ["authKey"], message: ONE_PROOF });
    else if (input.password !== undefined) return { token: input.token, next: { password: input.password } };
    else if (input.authKey !== undefined) return { token: input.token, next: { authKey: input.authKey } };
    else check.addIssue({ code: "custom", path: ["password"], message: CHOOSE_NEW });
    return z.NEVER;
  });
