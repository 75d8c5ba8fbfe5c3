import type { User } from "@halcyon/db";
import { mustSetUpTwoStep } from "../auth/full-access";
import type { ClinicConfig } from "../config";
import type { PublicUser } from "./user.schema";

export function toPublicUser(user: User, config: Pick<ClinicConfig, "requireStaffTwoStep">): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    dateOfBirth: user.dateOfBirth,
    role: user.role,
    profileImageUrl: user.profileImageUrl,
    mustChangePassword: user.mustChangePassword,
    twoStepSetupRequired: mustSetUpTwoStep(config, user),
  };
}
