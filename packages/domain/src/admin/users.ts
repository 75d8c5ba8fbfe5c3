// The administrator runs the clinic's people: creates accounts of any role, changes roles,
// deactivates and reactivates, and keeps doctors' specializations and hours. There is always at
// least one active admin.
import {
  countActiveAdmins,
  deleteLoginSessionsOfUser,
  findDoctorSpecialization,
  findUserById,
  getWorkingHours,
  listUserDirectory,
  holdWaitlist,
  openOffersOfPatient,
  replaceWorkingHours,
  setUserDeactivated,
  setUserEmail,
  setUserRole,
  upsertDoctorProfile,
  type DirectoryEntry,
  type User,
} from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { announceAllSessionsEnded } from "../auth/sessions";
import { askToVerify } from "../account/contact";
import { tellOfSecurityChange } from "../account/security-notices";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { createUserWithOneTimePassword } from "../users/create-user";
import { toPublicUser } from "../users/public-user";
import type { adminCreateUserInputSchema, adminUpdateUserInputSchema, AdminUser, listUsersInputSchema } from "./admin.schema";
import { fromWorkingHoursInput, toWorkingHoursInput } from "./working-hours";
import { workingHoursOf } from "../appointments/availability";
import { offerAddedHours } from "../waitlist/added-hours";
import { announceOfferChanges, passOnOffers, type OfferChange } from "../waitlist/offers";
import type { z } from "zod";

type Admin = RequestContext & { user: User };

export const LAST_ADMIN = "The clinic needs at least one active admin: make someone else an admin first.";

function toAdminUser(ctx: Admin, user: User, specialization: string | null): AdminUser {
  return {
    ...toPublicUser(user, ctx.config),
    specialization,
    createdAt: user.createdAt,
    deactivatedAt: user.deactivatedAt,
    twoStepEnabled: user.twoStepEnabled,
  };
}

export async function listUsers(ctx: Admin, input: z.output<typeof listUsersInputSchema>): Promise<{ users: AdminUser[]; total: number }> {
  const { users, total } = await listUserDirectory(ctx.db, {
    ...(input?.search ? { search: input.search } : {}),
    ...(input?.role ? { role: input.role } : {}),
    ...(input?.status ? { status: input.status } : {}),
    limit: input?.limit ?? 25,
    offset: input?.offset ?? 0,
  });
  return { users: users.map((u: DirectoryEntry) => toAdminUser(ctx, u, u.specialization)), total };
}

export async function doctorHours(ctx: Admin, doctorId: number) {
  const own = await getWorkingHours(ctx.db, doctorId);
  return { usesClinicHours: own.length === 0, workingHours: toWorkingHoursInput(own.length > 0 ? own : ctx.config.defaultWorkingHours) };
}

export async function createAnyUser(ctx: Admin, input: z.output<typeof adminCreateUserInputSchema>): Promise<{ user: AdminUser; oneTimePassword: string }> {
  const { user, oneTimePassword: password } = await createUserWithOneTimePassword(
    ctx,
    {
      username: input.username,
      role: input.role,
      firstName: input.firstName,
      lastName: input.lastName,
      phoneNumber: input.phoneNumber,
      dateOfBirth: input.dateOfBirth,
      email: input.email ?? null,
      ...(input.specialization ? { specialization: input.specialization } : {}),
    },
    async (trx, created) => {
      if (input.role === "doctor" && input.workingHours) await replaceWorkingHours(trx, created.id, fromWorkingHoursInput(input.workingHours));
      await recordAudit(
        ctx,
        {
          actorId: ctx.user.id,
          action: "admin.user_create",
          outcome: "success",
          targetType: "user",
          targetId: created.id,
          request: ctx.request,
          details: { role: input.role },
        },
        trx,
      );
    },
  );
  return { user: toAdminUser(ctx, user, input.role === "doctor" ? (input.specialization ?? null) : null), oneTimePassword: password };
}

export async function updateUser(ctx: Admin, input: z.output<typeof adminUpdateUserInputSchema>): Promise<AdminUser> {
  const target = await findUserById(ctx.db, input.id);
  if (!target) throw new AppError("NOT_FOUND", "No such user.");
  const changes: string[] = [];
  const deactivating = input.active === false && target.deactivatedAt === null;
  const demoting = input.role !== undefined && input.role !== "admin" && target.role === "admin";
  // A deactivated person, or one whose role changes, is signed out everywhere at once, sockets included.
  const signsOut = deactivating || (input.role !== undefined && input.role !== target.role);

  let offerChanges: OfferChange[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    // Checked inside the write transaction, so two admins demoting each other cannot both succeed.
    if ((deactivating || demoting) && target.role === "admin" && target.deactivatedAt === null && (await countActiveAdmins(trx)) <= 1) {
      throw new AppError("CONFLICT", LAST_ADMIN);
    }
    if (input.role !== undefined && input.role !== target.role) {
      if (input.role === "doctor" && !input.specialization) {
        if (!(await findDoctorSpecialization(trx, target.id))) throw new AppError("INVALID_INPUT", "A doctor needs a specialization");
      }
      await setUserRole(trx, target.id, input.role);
      changes.push(`role:${target.role}->${input.role}`);
    }
    if (input.active !== undefined && input.active === (target.deactivatedAt !== null)) {
      await setUserDeactivated(trx, target.id, input.active ? null : ctx.now().toISOString());
      changes.push(input.active ? "reactivated" : "deactivated");
      // An hour held for a patient who can no longer sign in goes to the next person waiting.
      // (Read under the waitlist's lock: an offer being made to them at this moment is seen, and passed on.)
      if (deactivating) {
        await holdWaitlist(trx);
        offerChanges = await passOnOffers(ctx, trx, await openOffersOfPatient(trx, target.id, ctx.now().toISOString()));
      }
    }
    const role = input.role ?? target.role;
    if (input.specialization !== undefined || input.workingHours !== undefined) {
      if (role !== "doctor") throw new AppError("INVALID_INPUT", "Only doctors have a specialization and working hours.");
      if (input.specialization !== undefined) {
        await upsertDoctorProfile(trx, target.id, input.specialization);
        changes.push("specialization");
      }
      if (input.workingHours !== undefined) {
        const before = await workingHoursOf(ctx, trx, target.id);
        await replaceWorkingHours(trx, target.id, fromWorkingHoursInput(input.workingHours));
        changes.push("working_hours");
        // Hours the change adds go to the doctor's waitlist at once.
        offerChanges = await offerAddedHours(ctx, trx, target.id, before, await workingHoursOf(ctx, trx, target.id));
      }
    }
    if (input.email !== undefined && input.email !== target.email) {
      // Told to the old address while it is still the member's (if verified); the new one gets its link.
      if (target.email !== null) await tellOfSecurityChange(ctx, trx, target.id, "email_changed");
      await setUserEmail(trx, target.id, input.email);
      await askToVerify(ctx, trx, target.id, input.email);
      changes.push("email");
    }
    if (signsOut) await deleteLoginSessionsOfUser(trx, target.id);
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "admin.user_update",
        outcome: "success",
        targetType: "user",
        targetId: target.id,
        request: ctx.request,
        details: { changes },
      },
      trx,
    );
  });
  if (signsOut) announceAllSessionsEnded(ctx, target.id);
  announceOfferChanges(ctx, offerChanges);
  const updated = await findUserById(ctx.db, target.id);
  if (!updated) throw new Error("the user vanished during an update");
  return toAdminUser(ctx, updated, updated.role === "doctor" ? ((await findDoctorSpecialization(ctx.db, target.id)) ?? null) : null);
}
