import { findUserCredentials, updatePasswordHash } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { assertAcceptablePassword, hashPassword } from "../auth/passwords";
import { endAllLoginSessionsOf } from "../auth/sessions";
import type { ClinicServices } from "../context";
import { AppError } from "../errors";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../auth/auth.schema";

/** Sets a new password and signs the user out everywhere. */
export async function resetPassword(services: ClinicServices, username: string, newPassword: string): Promise<void> {
  const found = await findUserCredentials(services.db, username);
  if (!found) throw new AppError("NOT_FOUND", `No user is called "${username}".`);
  if (newPassword.length < PASSWORD_MIN_LENGTH || newPassword.length > PASSWORD_MAX_LENGTH) {
    throw new AppError("INVALID_INPUT", `Passwords need ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`);
  }
  assertAcceptablePassword(newPassword, found.user.username);
  await updatePasswordHash(services.db, found.user.id, await hashPassword(newPassword));
  await endAllLoginSessionsOf(services, found.user.id);
  await recordAudit(services, { actorId: null, action: "auth.password_reset", outcome: "success", targetType: "user", targetId: found.user.id });
}
