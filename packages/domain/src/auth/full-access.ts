// What every door (tRPC, REST, the WebSocket, downloads) asks of a session before it does anything
// the member's role allows: a password of their own (not a one-time one), and two-step sign-in
// where the clinic requires it of staff. A session short of either may only read its own user and
// do what it takes to put it right.
import type { User } from "@halcyon/db";
import type { ClinicConfig } from "../config";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import type { UserRole } from "../users/user.schema";
import { assertOwnPassword } from "./one-time-passwords";

export const SIGN_IN_REQUIRED = "Unauthorized: please sign in to continue.";

export const TWO_STEP_SETUP_NEEDED = "The clinic asks doctors and admins to sign in in two steps. Please set up an authenticator app or a passkey to continue.";

/** A doctor or admin without two-step sign-in, while the clinic requires it of staff. */
export function mustSetUpTwoStep(config: Pick<ClinicConfig, "requireStaffTwoStep">, user: User): boolean {
  return config.requireStaffTwoStep && user.role !== "patient" && !user.twoStepEnabled;
}

/** Refuses (403 TWO_STEP_REQUIRED) a staff session without two-step sign-in while the clinic requires it. */
export function assertTwoStepWhereRequired(config: Pick<ClinicConfig, "requireStaffTwoStep">, user: User): void {
  if (mustSetUpTwoStep(config, user)) throw new AppError("TWO_STEP_REQUIRED", TWO_STEP_SETUP_NEEDED);
}

/** Refuses (403) a session that may not yet use what its role allows. */
export function assertFullAccess(config: Pick<ClinicConfig, "requireStaffTwoStep">, user: User): void {
  assertOwnPassword(user);
  assertTwoStepWhereRequired(config, user);
}

/** The signed-in user, even on a one-time password; else 401. */
export function signedInUser(ctx: RequestContext): User {
  if (!ctx.user) throw new AppError("UNAUTHENTICATED", SIGN_IN_REQUIRED);
  return ctx.user;
}

/** A signed-in user who may use what their role allows, else 401 or 403. */
export function fullAccessUser(ctx: RequestContext): User {
  const user = signedInUser(ctx);
  assertFullAccess(ctx.config, user);
  return user;
}

/** A signed-in user with full access and one of `roles`, else 401 or 403: tRPC's roleProcedure and the doors outside it. */
export function userInRole(ctx: RequestContext, roles: readonly UserRole[]): User {
  const user = fullAccessUser(ctx);
  if (!roles.includes(user.role)) throw new AppError("FORBIDDEN", "You do not have permission to do that.");
  return user;
}
