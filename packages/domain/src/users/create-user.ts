import { insertUser, upsertDoctorProfile, usernameExists, type Database, type Transaction, type User } from "@halcyon/db";
import { oneTimePassword, oneTimePasswordExpiry } from "../auth/one-time-passwords";
import { assertAcceptablePassword, authKeyOf, hashSecret } from "../auth/passwords";
import { newMemberKdf } from "../auth/verifiers";
import { PASSWORD_RULES_VERSION } from "../auth/password-rules";
import type { ClinicServices } from "../context";
import { AppError } from "../errors";
import { askToVerify } from "../account/contact";
import type { UserRole } from "./user.schema";

/**
 * A new account: its password (the server derives the sign-in secret from it and judges it by the
 * rules), or the sign-in secret the member's browser derived (with the salt the sign-in params
 * gave for this username; the browser judged the password).
 */
export type CreateUserInput = AccountDetails & ({ password: string } | { authKey: string });

interface AccountDetails {
  username: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  dateOfBirth: string;
  email?: string | null;
  role: UserRole;
  /** Doctors only. */
  specialization?: string;
  profileImageUrl?: string | null;
  /** A one-time password issued by staff: it works for 72 hours, and the user must replace it at first sign-in. */
  mustChangePassword?: boolean;
}

export const USERNAME_TAKEN = "That username is taken. Please choose another.";

/** What commits with a new account, in its transaction: its audit row, and whatever else comes with it. */
export type AlsoInsideNewAccount = (trx: Transaction<Database>, user: User) => Promise<void>;

/** Creates an account of any role. Who may create which role is the caller's decision. */
export async function createUser(
  services: Pick<ClinicServices, "db" | "now" | "secrets" | "config">,
  input: CreateUserInput,
  alsoInside?: AlsoInsideNewAccount,
): Promise<User> {
  // A one-time password is the server's own (random, 59 bits): the rules are for the ones people choose.
  if ("password" in input && !input.mustChangePassword) assertAcceptablePassword(input.password, input);
  if (await usernameExists(services.db, input.username)) throw new AppError("CONFLICT", USERNAME_TAKEN);
  const kdf = newMemberKdf(services, input.username);
  const passwordHash = await hashSecret("password" in input ? await authKeyOf(input.password, kdf) : input.authKey);
  try {
    return await services.db.transaction().execute(async (trx) => {
      const user = await insertUser(trx, {
        username: input.username,
        passwordHash,
        kdf,
        email: input.email ?? null,
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber,
        dateOfBirth: input.dateOfBirth,
        role: input.role,
        profileImageUrl: input.profileImageUrl ?? null,
        oneTimePasswordExpiresAt: input.mustChangePassword ? oneTimePasswordExpiry(services.now()) : null,
        createdAt: services.now().toISOString(),
        passwordRulesVersion: PASSWORD_RULES_VERSION,
      });
      if (input.role === "doctor") await upsertDoctorProfile(trx, user.id, input.specialization ?? "General Practice");
      // An address given at creation is unverified: its owner follows the link sent to it.
      await askToVerify(services, trx, user.id, user.email);
      await alsoInside?.(trx, user);
      return user;
    });
  } catch (error) {
    // Two registrations of one name at once: the unique index decides, the loser hears why.
    if (await usernameExists(services.db, input.username)) throw new AppError("CONFLICT", USERNAME_TAKEN, { cause: error });
    throw error;
  }
}

/**
 * Opens an account for someone else (staff do): the server issues its first password, a
 * one-time one the user must replace at first sign-in.
 */
export async function createUserWithOneTimePassword(
  services: Pick<ClinicServices, "db" | "now" | "secrets" | "config">,
  input: Omit<AccountDetails, "mustChangePassword">,
  alsoInside: AlsoInsideNewAccount,
): Promise<{ user: User; oneTimePassword: string }> {
  const password = oneTimePassword();
  const user = await createUser(services, { ...input, password, mustChangePassword: true }, alsoInside);
  return { user, oneTimePassword: password };
}
