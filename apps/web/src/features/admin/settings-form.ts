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
  requireStaffTwoStep: boolean;
  crisisResources: Required<CrisisResource>[];
};

export type SettingsField =
  "clinicName" | "clinicTimeZone" | "defaultWorkingHours" | "cancellationWindowHours" | "idleTimeoutMinutes" | "requireStaffTwoStep" | "crisisResources";

export const SETTINGS_FIELD_ORDER: SettingsField[] = [
  "clinicName",
  "clinicTimeZone",
  "defaultWorkingHours",
  "cancellationWindowHours",
  "idleTimeoutMinutes",
  "requireStaffTwoStep",
  "crisisResources",
];

export function valuesFromSettings(settings: ClinicSettings): SettingsValues {
  return {
    clinicName: settings.clinicName,
    clinicTimeZone: settings.clinicTimeZone,
    week: weekFromPeriods(settings.defaultWorkingHours),
    cancellationWindowHours: String(settings.cancellationWindowHours),
    idleTimeoutMinutes: String(settings.idleTimeoutMinutes),
    requireStaffTwoStep: settings.requireStaffTwoStep ?? false,
    crisisResources: (settings.crisisResources ?? []).map(({ name, contact, detail = "" }) => ({ name, contact, detail })),
  };
}

const NUMBER_NEEDED: Partial<Record<SettingsField, string>> = {
  cancellationWindowHours: "Enter the window in hours, e.g. 24.",
  idleTimeoutMinutes: "Enter the timeout in minutes, e.g. 30.",
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
    requireStaffTwoStep: values.requireStaffTwoStep,
    crisisResources: values.crisisResources.map(({ name, contact, detail }) => ({ name, contact, ...(detail.trim() ? { detail } : {}) })),
  };
  for (const field of ["cancellationWindowHours", "idleTimeoutMinutes"] as const) {
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
