// System Settings as the form holds them (numbers as typed), and the checks before saving: the
// server's own schema, so the messages are the server's words, plus the hours editor's problems.
import { settingsSchema, type ClinicSettings, type CrisisResource } from "@halcyon/domain/schemas";

import { periodsFromWeek, weekFromPeriods, weekProblems, type WeeklyHours } from "./working-hours";

export type SettingsValues = {
  clinicName: string;
  clinicTimeZone: string;
  week: WeeklyHours;
  cancellationWindowHours: string;
  idleTimeoutMinutes: string;
  waitlistHoldMinutes: string;
  requireStaffTwoStep: boolean;
  crisisResources: Required<CrisisResource>[];
  /** Three boxes of hours before a session; an empty one is no reminder. */
  reminderLeads: [string, string, string];
  quietStart: string;
  quietEnd: string;
  nameClinicianInNotices: boolean;
  /** The clinic's money: its currency, and each fee's percentage (empty: no such fee). */
  currency: string;
  noShowFeePercent: string;
  lateCancelFeePercent: string;
  /** Who the clinic is on superbills and estimates (empty: not set). */
  clinicAddress: string;
  clinicEin: string;
  clinicNpi: string;
};

export type SettingsField =
  | "clinicName"
  | "clinicTimeZone"
  | "defaultWorkingHours"
  | "cancellationWindowHours"
  | "idleTimeoutMinutes"
  | "waitlistHoldMinutes"
  | "requireStaffTwoStep"
  | "crisisResources"
  | "reminderLeadHours"
  | "quietHours"
  | "nameClinicianInNotices"
  | "currency"
  | "noShowFeePercent"
  | "lateCancelFeePercent"
  | "clinicAddress"
  | "clinicEin"
  | "clinicNpi";

export const SETTINGS_FIELD_ORDER: SettingsField[] = [
  "clinicName",
  "clinicTimeZone",
  "defaultWorkingHours",
  "cancellationWindowHours",
  "idleTimeoutMinutes",
  "waitlistHoldMinutes",
  "requireStaffTwoStep",
  "crisisResources",
  "reminderLeadHours",
  "quietHours",
  "nameClinicianInNotices",
  "currency",
  "noShowFeePercent",
  "lateCancelFeePercent",
  "clinicAddress",
  "clinicEin",
  "clinicNpi",
];

export function valuesFromSettings(settings: ClinicSettings): SettingsValues {
  return {
    clinicName: settings.clinicName,
    clinicTimeZone: settings.clinicTimeZone,
    week: weekFromPeriods(settings.defaultWorkingHours),
    cancellationWindowHours: String(settings.cancellationWindowHours),
    idleTimeoutMinutes: String(settings.idleTimeoutMinutes),
    waitlistHoldMinutes: String(settings.waitlistHoldMinutes ?? 15),
    requireStaffTwoStep: settings.requireStaffTwoStep ?? false,
    crisisResources: (settings.crisisResources ?? []).map(({ name, contact, detail = "" }) => ({ name, contact, detail })),
    reminderLeads: [0, 1, 2].map((index) => String(settings.reminderLeadHours?.[index] ?? "")) as [string, string, string],
    quietStart: settings.quietHours?.start ?? "21:00",
    quietEnd: settings.quietHours?.end ?? "08:00",
    nameClinicianInNotices: settings.nameClinicianInNotices ?? false,
    currency: settings.currency ?? "USD",
    noShowFeePercent: settings.noShowFeePercent == null ? "" : String(settings.noShowFeePercent),
    lateCancelFeePercent: settings.lateCancelFeePercent == null ? "" : String(settings.lateCancelFeePercent),
    clinicAddress: settings.clinicAddress ?? "",
    clinicEin: settings.clinicEin ?? "",
    clinicNpi: settings.clinicNpi ?? "",
  };
}

const NUMBER_NEEDED: Partial<Record<SettingsField, string>> = {
  cancellationWindowHours: "Enter the window in hours, e.g. 24.",
  idleTimeoutMinutes: "Enter the timeout in minutes, e.g. 30.",
  waitlistHoldMinutes: "Enter the hold in minutes, e.g. 15.",
};

function numberOf(text: string): number {
  return text.trim() === "" ? Number.NaN : Number(text);
}

export function checkSettings(values: SettingsValues): { ok: true; settings: ClinicSettings } | { ok: false; errors: Partial<Record<SettingsField, string>> } {
  const errors: Partial<Record<SettingsField, string>> = {};
  const candidate = {
    clinicName: values.clinicName.trim(),
    clinicTimeZone: values.clinicTimeZone.trim(),
    defaultWorkingHours: periodsFromWeek(values.week),
    cancellationWindowHours: numberOf(values.cancellationWindowHours),
    idleTimeoutMinutes: numberOf(values.idleTimeoutMinutes),
    waitlistHoldMinutes: numberOf(values.waitlistHoldMinutes),
    requireStaffTwoStep: values.requireStaffTwoStep,
    crisisResources: values.crisisResources.map(({ name, contact, detail }) => ({ name, contact, ...(detail.trim() ? { detail } : {}) })),
    reminderLeadHours: values.reminderLeads.filter((lead) => lead.trim() !== "").map(numberOf),
    quietHours: { start: values.quietStart, end: values.quietEnd },
    nameClinicianInNotices: values.nameClinicianInNotices,
    currency: values.currency.trim().toUpperCase(),
    // An empty box is no such fee.
    noShowFeePercent: values.noShowFeePercent.trim() === "" ? null : numberOf(values.noShowFeePercent),
    lateCancelFeePercent: values.lateCancelFeePercent.trim() === "" ? null : numberOf(values.lateCancelFeePercent),
    // Empty is "not set": the server's schema reads it so.
    clinicAddress: values.clinicAddress,
    clinicEin: values.clinicEin,
    clinicNpi: values.clinicNpi,
  };
  if (candidate.reminderLeadHours.some((lead) => !Number.isFinite(lead)))
    errors.reminderLeadHours = "Enter each lead time in hours, e.g. 48, or leave it empty.";
  for (const field of ["cancellationWindowHours", "idleTimeoutMinutes", "waitlistHoldMinutes"] as const) {
    if (!Number.isFinite(candidate[field])) errors[field] = NUMBER_NEEDED[field];
  }
  const hoursProblems = weekProblems(values.week);
  if (hoursProblems.size > 0) errors.defaultWorkingHours = "Please fix the hours marked above.";
  else if (candidate.defaultWorkingHours.length === 0) errors.defaultWorkingHours = "Open the clinic on at least one day.";

  const parsed = settingsSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as SettingsField | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, settings: parsed.data };
}

/** True when the form differs from what the server holds. */
export function settingsChanged(values: SettingsValues, saved: ClinicSettings): boolean {
  return JSON.stringify(values) !== JSON.stringify(valuesFromSettings(saved));
}
