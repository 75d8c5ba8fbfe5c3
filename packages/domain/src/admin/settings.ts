// The clinic's settings: environment values are the defaults, an admin's saved values win. A
// change takes effect at once on every instance (each reloads on "settings_changed").
import { ledgerHasEntries, readSettings, writeSettings, type User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { ClinicServices, RequestContext } from "../context";
import { AppError } from "../errors";
import { settingsSchema, type ClinicSettings } from "./admin.schema";
import { fromWorkingHoursInput, toWorkingHoursInput } from "./working-hours";

export const SET_UP_YOURS_FIRST =
  "Set up two-step sign-in for yourself first (Your account): once this is on, doctors and admins without it can do nothing else until they set it up.";

export const CURRENCY_FIXED = "The clinic's currency cannot change once it has charges or payments on its books.";

export function currentSettings(services: Pick<ClinicServices, "config">): ClinicSettings {
  const { config } = services;
  return {
    clinicName: config.clinicName,
    clinicTimeZone: config.clinicTimeZone,
    defaultWorkingHours: toWorkingHoursInput(config.defaultWorkingHours),
    cancellationWindowHours: config.cancellationWindowMs / 3_600_000,
    waitlistHoldMinutes: config.waitlistHoldMs / 60_000,
    idleTimeoutMinutes: config.session.idleTimeoutMs / 60_000,
    requireStaffTwoStep: config.requireStaffTwoStep,
    crisisResources: config.crisisResources,
    reminderLeadHours: config.notices.reminderLeadHours,
    quietHours: config.notices.quietHours,
    nameClinicianInNotices: config.notices.nameClinician,
    currency: config.billing.currency,
    noShowFeePercent: config.billing.noShowFeePercent,
    lateCancelFeePercent: config.billing.lateCancelFeePercent,
    clinicAddress: config.identity.address,
    clinicEin: config.identity.ein,
    clinicNpi: config.identity.npi,
  };
}

function apply(services: Pick<ClinicServices, "config">, settings: ClinicSettings): void {
  const { config } = services;
  config.clinicName = settings.clinicName;
  config.clinicTimeZone = settings.clinicTimeZone;
  config.defaultWorkingHours = fromWorkingHoursInput(settings.defaultWorkingHours);
  config.cancellationWindowMs = settings.cancellationWindowHours * 3_600_000;
  config.session.idleTimeoutMs = settings.idleTimeoutMinutes * 60_000;
  if (settings.requireStaffTwoStep !== undefined) config.requireStaffTwoStep = settings.requireStaffTwoStep;
  if (settings.crisisResources !== undefined) config.crisisResources = settings.crisisResources;
  if (settings.waitlistHoldMinutes !== undefined) config.waitlistHoldMs = settings.waitlistHoldMinutes * 60_000;
  // A new object, never a change to the one the config began with (the defaults' own, shared).
  config.notices = {
    ...config.notices,
    ...(settings.reminderLeadHours !== undefined ? { reminderLeadHours: settings.reminderLeadHours } : {}),
    ...(settings.quietHours !== undefined ? { quietHours: settings.quietHours } : {}),
    ...(settings.nameClinicianInNotices !== undefined ? { nameClinician: settings.nameClinicianInNotices } : {}),
  };
  config.billing = {
    ...config.billing,
    ...(settings.currency !== undefined ? { currency: settings.currency } : {}),
    ...(settings.noShowFeePercent !== undefined ? { noShowFeePercent: settings.noShowFeePercent } : {}),
    ...(settings.lateCancelFeePercent !== undefined ? { lateCancelFeePercent: settings.lateCancelFeePercent } : {}),
  };
  config.identity = {
    ...config.identity,
    ...(settings.clinicAddress !== undefined ? { address: settings.clinicAddress } : {}),
    ...(settings.clinicEin !== undefined ? { ein: settings.clinicEin } : {}),
    ...(settings.clinicNpi !== undefined ? { npi: settings.clinicNpi } : {}),
  };
}

/** Applies saved settings over the environment's; a stored value that no longer validates is ignored. */
export async function loadSettings(services: Pick<ClinicServices, "db" | "config">): Promise<void> {
  const saved = await readSettings(services.db);
  const merged = settingsSchema.safeParse({ ...currentSettings(services), ...saved });
  if (merged.success) apply(services, merged.data);
}

export async function updateSettings(ctx: RequestContext & { user: User }, settings: ClinicSettings): Promise<ClinicSettings> {
  const before = currentSettings(ctx);
  const changed = Object.fromEntries(
    Object.entries(settings).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof ClinicSettings])),
  );
  // Once it is on, staff without two-step sign-in can do nothing but set it up: the admin who
  // turns it on would be the first shut out of the settings.
  if (changed.requireStaffTwoStep === true && !ctx.user.twoStepEnabled) throw new AppError("CONFLICT", SET_UP_YOURS_FIRST);
  // Turning it off lowers every staff account's guard: it needs a recent re-check (rechecked-procedures.ts).
  await ctx.db.transaction().execute(async (trx) => {
    // One currency per clinic: amounts already on the books are in the old one, and none is converted.
    if ("currency" in changed && (await ledgerHasEntries(trx))) throw new AppError("CONFLICT", CURRENCY_FIXED);
    await writeSettings(trx, changed, ctx.now().toISOString(), ctx.user.id);
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "admin.settings_update",
        outcome: "success",
        targetType: "settings",
        request: ctx.request,
        // Which settings changed; the security policy's new value too, so "turned off" reads as such.
        details: { changed: Object.keys(changed), ...("requireStaffTwoStep" in changed ? { requireStaffTwoStep: changed.requireStaffTwoStep } : {}) },
      },
      trx,
    );
  });
  apply(ctx, settings);
  ctx.events.publish({ type: "settings_changed", data: {}, recipients: [] });
  return currentSettings(ctx);
}
