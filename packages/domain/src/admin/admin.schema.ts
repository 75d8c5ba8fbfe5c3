// What the administrator's procedures accept and answer. Browser-safe.
import { z } from "zod";
import { crisisResourceSchema } from "../clinic/crisis-resource.schema";
import { idOf } from "../record-id";
import { isTimeZone } from "../time-zone";
import { dateOfBirthField, phoneNumberField } from "../users/profile-fields";
import { addressField, einField, npiField } from "../billing-documents/identifiers";
import { publicUserSchema, serverIssuesPassword, userRoleSchema } from "../users/user.schema";

export const statsSchema = z
  .object({
    users: z.object({
      total: z.number().int(),
      patients: z.number().int(),
      doctors: z.number().int(),
      admins: z.number().int(),
      deactivated: z.number().int(),
    }),
    /** Sign-in sessions used within the idle timeout and not past their lifetime. */
    activeSessions: z.number().int(),
    idleTimeoutMinutes: z.number(),
    /** Sessions starting today in the clinic's time zone, cancelled ones excluded. */
    appointmentsToday: z.number().int(),
    messages: z.object({ today: z.number().int(), total: z.number().int() }),
    timeZone: z.string(),
  })
  .meta({ id: "AdminStats" });
export type AdminStats = z.infer<typeof statsSchema>;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

export const workingPeriodInputSchema = z
  .object({
    weekday: z.number().int().min(0).max(6),
    start: z.string().regex(HH_MM, "Times are HH:MM, like 09:00"),
    end: z.string().regex(HH_MM, "Times are HH:MM, like 17:00"),
  })
  .refine((p) => p.start < p.end, "Each period must end after it starts");
export type WorkingPeriodInput = z.infer<typeof workingPeriodInputSchema>;
export const workingHoursInputSchema = z.array(workingPeriodInputSchema).max(21, "At most three periods a day");

/** A user as the admin sees one: the public shape plus the account's administrative facts. */
export const adminUserSchema = publicUserSchema
  .extend({
    specialization: z.string().nullable(),
    createdAt: z.string(),
    deactivatedAt: z.string().nullable(),
    /** Whether the member signs in in two steps (an admin can reset it for someone who lost theirs). */
    twoStepEnabled: z.boolean(),
  })
  .meta({ id: "AdminUser" });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const listUsersInputSchema = z
  .object({
    search: z.string().trim().max(100).optional(),
    role: userRoleSchema.optional(),
    status: z.enum(["active", "deactivated"]).optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
    offset: z.coerce.number().int().min(0).optional(),
  })
  .optional();

export const userPageSchema = z.object({ users: z.array(adminUserSchema), total: z.number().int() }).meta({ id: "UserPage" });

const PROFILE_REQUIRED = "Username, first name, last name, phone number and date of birth are required";

export const adminCreateUserInputSchema = z
  .object({
    username: z
      .string({ error: PROFILE_REQUIRED })
      .trim()
      .min(1, PROFILE_REQUIRED)
      .max(64)
      .regex(/^[A-Za-z0-9._-]+$/, "Usernames may use letters, digits, dots, dashes and underscores only"),
    role: userRoleSchema,
    firstName: z.string({ error: PROFILE_REQUIRED }).trim().min(1, PROFILE_REQUIRED).max(100),
    lastName: z.string({ error: PROFILE_REQUIRED }).trim().min(1, PROFILE_REQUIRED).max(100),
    phoneNumber: phoneNumberField(PROFILE_REQUIRED),
    dateOfBirth: dateOfBirthField(PROFILE_REQUIRED),
    email: z.preprocess((v) => (v === "" ? null : v), z.email("Enter a valid email address, or leave it empty").nullish()),
    specialization: z.string().trim().max(100).optional(),
    workingHours: workingHoursInputSchema.optional(),
    password: serverIssuesPassword,
  })
  .refine((input) => input.role !== "doctor" || Boolean(input.specialization), { message: "A doctor needs a specialization", path: ["specialization"] })
  .meta({ id: "AdminCreateUserInput" });

export const adminUpdateUserInputSchema = z
  .object({
    id: idOf("id"),
    role: userRoleSchema.optional(),
    active: z.boolean().optional(),
    specialization: z.string().trim().min(1, "A specialization cannot be empty").max(100).optional(),
    workingHours: workingHoursInputSchema.optional(),
    /** A new address for the member (null removes it): unverified until they follow the link sent to it. */
    email: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? null : typeof value === "string" ? value.trim() : value),
      z.email("Enter a valid email address, or leave it empty to remove it").max(254).nullable().optional(),
    ),
  })
  .refine((input) => Object.keys(input).some((key) => key !== "id"), "Say what to change: role, active, specialization, workingHours or email")
  .meta({ id: "AdminUpdateUserInput" });

/** A one-time password an admin issued afresh: shown once, working until `expiresAt`. */
export const issuedPasswordSchema = z.object({ oneTimePassword: z.string(), expiresAt: z.string() }).meta({ id: "IssuedPassword" });

export const createdUserSchema = z.object({ user: adminUserSchema, oneTimePassword: z.string() }).meta({ id: "CreatedUser" });

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    occurredAt: z.string(),
    actorId: z.number().int().nullable(),
    actorName: z.string().nullable(),
    action: z.string(),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    outcome: z.enum(["success", "failure", "denied"]),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    // Free-form facts of the event. A loose object says the same as a string-keyed record and
    // checks a page of 50 entries in half the time (it does not re-check every key).
    details: z.looseObject({}).nullable(),
  })
  .meta({ id: "AuditEntry" });
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

const isoInstant = z.iso.datetime({ offset: true, error: "Give times as ISO-8601 with an offset" });

export const auditLogInputSchema = z
  .object({
    actorId: idOf("actorId").optional(),
    action: z.string().trim().max(60).optional(),
    from: isoInstant.optional(),
    to: isoInstant.optional(),
    before: idOf("before").optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
  })
  .optional();
export type AuditLogInput = z.infer<typeof auditLogInputSchema>;

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Reminders and what notices say (issue 34). Left out of a change, each stays as it is. */
const noticeSettingsShape = {
  /** Hours before a session that its reminders go: up to three, none for no reminders. */
  reminderLeadHours: z
    .array(
      z
        .number({ error: "Give each reminder's lead time in hours, like 48" })
        .int("Give each reminder's lead time in whole hours")
        .min(1, "A reminder goes at least 1 hour before the session")
        .max(336, "A reminder goes at most two weeks (336 hours) before the session"),
    )
    .max(3, "At most three reminders")
    .refine((leads) => new Set(leads).size === leads.length, "Give each reminder a different lead time")
    // Longest first, as the settings page lists them.
    .overwrite((leads) => [...leads].sort((a, b) => b - a))
    .optional(),
  /** No reminder is due between these clock times of the member's own zone: one due then goes before they begin. */
  quietHours: z
    .object({
      start: z.string().regex(CLOCK_TIME, "Quiet hours start at a time like 21:00"),
      end: z.string().regex(CLOCK_TIME, "Quiet hours end at a time like 08:00"),
    })
    .optional(),
  /** Whether notices name the clinician (off by default: a lock screen shows only the clinic's name). */
  nameClinicianInNotices: z.boolean().optional(),
};

/** A fee's percentage of the session's fee: whole numbers, so the fee is exact (see billing/money.ts); null for none. */
const feePercent = (what: string) =>
  z
    .number({ error: `Give the ${what} fee as a whole percentage, like 50, or null for none` })
    .int(`Give the ${what} fee as a whole percentage, like 50`)
    .min(0, `The ${what} fee cannot be negative`)
    .max(100, `The ${what} fee is at most 100% of the session's fee`)
    .nullable()
    .optional();

/** The clinic's money (issue 35). Left out of a change, each stays as it is. */
const billingSettingsShape = {
  /** ISO 4217, such as USD: every fee, entry and payment is in it. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "Give the currency as its three-letter ISO 4217 code, like USD")
    .refine((code) => Intl.supportedValuesOf("currency").includes(code), "That is not a currency this server knows")
    .optional(),
  noShowFeePercent: feePercent("no-show"),
  lateCancelFeePercent: feePercent("late-cancellation"),
};

/** Who the clinic is on its superbills and estimates (issue 35). Left out of a change, each stays as it is; empty removes it. */
const clinicIdentityShape = {
  /** The clinic's postal address, lines separated by newlines: the location services are given at. */
  clinicAddress: addressField.optional(),
  /** The clinic's tax id (EIN, NN-NNNNNNN). */
  clinicEin: einField.optional(),
  /** The organisation's own NPI (type 2), when it has one. */
  clinicNpi: npiField.optional(),
};

export const settingsSchema = z
  .object({
    clinicName: z.string().trim().min(1, "The clinic needs a name").max(80, "Names can be at most 80 characters"),
    clinicTimeZone: z.string().refine(isTimeZone, "Use an IANA time zone such as America/New_York"),
    defaultWorkingHours: workingHoursInputSchema,
    cancellationWindowHours: z.number().min(0, "The window cannot be negative").max(336, "At most two weeks"),
    idleTimeoutMinutes: z.number().int().min(5, "At least 5 minutes").max(720, "At most 12 hours"),
    /** Doctors and admins sign in in two steps. Left out of a change, it stays as it is. */
    requireStaffTwoStep: z.boolean().optional(),
    /** Where a patient in crisis is pointed. Left out of a change, they stay as they are. */
    crisisResources: z.array(crisisResourceSchema).min(1, "Keep at least one crisis resource").max(6, "At most 6 crisis resources").optional(),
    /** How long a freed hour offered from the waitlist is held for the person offered it. Left out of a change, it stays as it is. */
    waitlistHoldMinutes: z
      .number({ error: "Give the waitlist hold in whole minutes, like 15" })
      .int("Give the waitlist hold in whole minutes, like 15")
      .min(1, "Hold an offered hour at least 1 minute")
      .max(240, "Hold an offered hour at most 4 hours")
      .optional(),
    ...noticeSettingsShape,
    ...billingSettingsShape,
    ...clinicIdentityShape,
  })
  .meta({ id: "ClinicSettings" });
export type ClinicSettings = z.infer<typeof settingsSchema>;
