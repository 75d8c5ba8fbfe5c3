import { z } from "zod";
import { idOf } from "../record-id";
import { roleProcedure, router } from "../trpc";
import {
  adminCreateUserInputSchema,
  adminUpdateUserInputSchema,
  adminUserSchema,
  auditEntrySchema,
  auditLogInputSchema,
  createdUserSchema,
  issuedPasswordSchema,
  listUsersInputSchema,
  settingsSchema,
  statsSchema,
  userPageSchema,
  workingPeriodInputSchema,
} from "./admin.schema";
import { auditLogPage } from "./audit-log";
import { currentSettings, updateSettings } from "./settings";
import { clinicStats } from "./stats";
import { createAnyUser, doctorHours, listUsers, updateUser } from "./users";
import { issueOneTimePassword } from "../users/reset-password";
import { enrolmentCodeIssuedSchema } from "../two-step/enrolment.schema";
import { issueEnrolmentCode } from "../two-step/enrolment";

const adminProcedure = roleProcedure("admin");

export const adminRouter = router({
  stats: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/stats", tags: ["admin"], summary: "The admin dashboard's figures", protect: true } })
    .input(z.void())
    .output(statsSchema)
    .query(({ ctx }) => clinicStats(ctx)),

  users: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/users", tags: ["admin"], summary: "Everyone, searchable and paged", protect: true } })
    .input(listUsersInputSchema)
    .output(userPageSchema)
    .query(({ ctx, input }) => listUsers(ctx, input)),

  createUser: adminProcedure
    .meta({ openapi: { method: "POST", path: "/admin/users", tags: ["admin"], summary: "Create a user of any role with a one-time password", protect: true } })
    .input(adminCreateUserInputSchema)
    .output(createdUserSchema)
    .mutation(({ ctx, input }) => createAnyUser(ctx, input)),

  updateUser: adminProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/admin/users/{id}",
        tags: ["admin"],
        summary: "Change a role, deactivate or reactivate, edit a doctor",
        protect: true,
      },
    })
    .input(adminUpdateUserInputSchema)
    .output(adminUserSchema)
    .mutation(({ ctx, input }) => updateUser(ctx, input)),

  issueOneTimePassword: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/users/{id}/one-time-password",
        tags: ["admin"],
        summary: "Give a user a new one-time password (72 hours); all their sessions end",
        protect: true,
      },
    })
    .input(z.object({ id: idOf("id") }))
    .output(issuedPasswordSchema)
    .mutation(({ ctx, input }) => issueOneTimePassword(ctx, input.id)),

  issueEnrolmentCode: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/users/{id}/enrolment-code",
        tags: ["admin"],
        summary: "Give a doctor or admin without two-step sign-in the code that lets them set it up (24 hours; shown once)",
        protect: true,
      },
    })
    .input(z.object({ id: idOf("id") }))
    .output(enrolmentCodeIssuedSchema)
    .mutation(({ ctx, input }) => issueEnrolmentCode(ctx, input.id)),

  doctorHours: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/users/{id}/working-hours", tags: ["admin"], summary: "A doctor's weekly hours", protect: true } })
    .input(z.object({ id: idOf("id") }))
    .output(z.object({ usesClinicHours: z.boolean(), workingHours: z.array(workingPeriodInputSchema) }))
    .query(({ ctx, input }) => doctorHours(ctx, input.id)),

  auditLog: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/audit-log", tags: ["admin"], summary: "Who did what, when and from where; newest first", protect: true } })
    .input(auditLogInputSchema)
    .output(z.object({ entries: z.array(auditEntrySchema), nextBefore: z.number().int().nullable() }))
    .query(({ ctx, input }) => auditLogPage(ctx, input)),

  settings: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/settings", tags: ["admin"], summary: "The clinic's settings", protect: true } })
    .input(z.void())
    .output(settingsSchema)
    .query(({ ctx }) => currentSettings(ctx)),

  updateSettings: adminProcedure
    .meta({ openapi: { method: "PUT", path: "/admin/settings", tags: ["admin"], summary: "Change the clinic's settings, effective at once", protect: true } })
    .input(settingsSchema)
    .output(settingsSchema)
    .mutation(({ ctx, input }) => updateSettings(ctx, input)),
});
