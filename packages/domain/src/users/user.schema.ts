import { z } from "zod";

export const userRoleSchema = z.enum(["patient", "doctor", "admin"]);
export type UserRole = z.infer<typeof userRoleSchema>;

/** A user as any answer shows one: never a password or its hash. */
export const publicUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    phoneNumber: z.string(),
    dateOfBirth: z.string(),
    role: userRoleSchema,
    profileImageUrl: z.string().nullable(),
    /** True while the account has a one-time password that must be replaced. */
    mustChangePassword: z.boolean(),
    /** True while the clinic requires two-step sign-in of staff and this member has yet to set it up. */
    twoStepSetupRequired: z.boolean(),
  })
  .meta({ id: "User" });
export type PublicUser = z.infer<typeof publicUserSchema>;

/**
 * The `password` of an account staff open: refused (400), never silently ignored. The server
 * issues a one-time password, shown once, and the person chooses their own at first sign-in.
 */
export const serverIssuesPassword = z
  .never({
    error:
      "Leave the password out: the server issues the first password (a one-time password, shown once), and the person chooses their own when they first sign in.",
  })
  .optional();
