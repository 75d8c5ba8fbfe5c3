import { Input } from "@halcyon/ui/components/input";
import { Label } from "@halcyon/ui/components/label";
import { Switch } from "@halcyon/ui/components/switch";

import { AdminField } from "./admin-field";
import type { SettingsField, SettingsValues } from "./settings-form";

type ReminderValues = Pick<SettingsValues, "reminderLeads" | "quietStart" | "quietEnd" | "nameClinicianInNotices">;

type ReminderSettingsProps = {
  values: ReminderValues;
  errors: Partial<Record<SettingsField, string>>;
  fieldId: (field: SettingsField) => string;
  onChange: <K extends keyof ReminderValues>(key: K, value: SettingsValues[K]) => void;
  disabled: boolean;
};

const ORDINALS = ["First", "Second", "Third"] as const;

/** Reminder lead times (up to three), quiet hours, and whether notices name the clinician. */
export function ReminderSettings({ values, errors, fieldId, onChange, disabled }: ReminderSettingsProps) {
  const leadsId = fieldId("reminderLeadHours");
  const quietId = fieldId("quietHours");
  return (
    <div className="grid gap-6">
      <fieldset className="grid gap-2" aria-describedby={`${leadsId}-description${errors.reminderLeadHours ? ` ${leadsId}-error` : ""}`}>
        <legend className="text-sm font-medium">Reminder times</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {ORDINALS.map((ordinal, index) => (
            <div key={ordinal} className="grid gap-1">
              <Label htmlFor={index === 0 ? leadsId : `${leadsId}-${index}`} className="text-xs font-normal text-muted-foreground">
                {ordinal} reminder
              </Label>
              <div className="relative">
                <Input
                  id={index === 0 ? leadsId : `${leadsId}-${index}`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={336}
                  placeholder="none"
                  value={values.reminderLeads[index]}
                  aria-invalid={errors.reminderLeadHours ? true : undefined}
                  onChange={(event) => {
                    const next = [...values.reminderLeads] as SettingsValues["reminderLeads"];
                    next[index] = event.target.value;
                    onChange("reminderLeads", next);
                  }}
                  disabled={disabled}
                  className="pr-36"
                />
                <span aria-hidden="true" className="pointer-events-none absolute top-1/2 right-4 -translate-y-1/2 text-sm text-muted-foreground">
                  hours before
                </span>
              </div>
            </div>
          ))}
        </div>
        <p id={`${leadsId}-description`} className="text-xs leading-relaxed text-muted-foreground">
          Up to three emails before each session, each with links to confirm it, or to cancel or reschedule it. Leave a box empty for fewer; empty them all for
          none. Calendar feeds raise alarms at the same times.
        </p>
        {errors.reminderLeadHours ? (
          <p id={`${leadsId}-error`} className="text-sm text-rose-700">
            {errors.reminderLeadHours}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="grid gap-2" aria-describedby={`${quietId}-description${errors.quietHours ? ` ${quietId}-error` : ""}`}>
        <legend className="text-sm font-medium">Quiet hours</legend>
        <div className="grid gap-3 sm:max-w-md sm:grid-cols-2">
          <div className="grid gap-1">
            <Label htmlFor={quietId} className="text-xs font-normal text-muted-foreground">
              From
            </Label>
            <Input id={quietId} type="time" value={values.quietStart} onChange={(event) => onChange("quietStart", event.target.value)} disabled={disabled} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${quietId}-end`} className="text-xs font-normal text-muted-foreground">
              Until
            </Label>
            <Input
              id={`${quietId}-end`}
              type="time"
              value={values.quietEnd}
              onChange={(event) => onChange("quietEnd", event.target.value)}
              disabled={disabled}
            />
          </div>
        </div>
        <p id={`${quietId}-description`} className="text-xs leading-relaxed text-muted-foreground">
          In each member’s own time zone. A reminder that would arrive in these hours goes out as they begin instead. The same time twice means no quiet hours.
        </p>
        {errors.quietHours ? (
          <p id={`${quietId}-error`} className="text-sm text-rose-700">
            {errors.quietHours}
          </p>
        ) : null}
      </fieldset>

      <AdminField
        id={fieldId("nameClinicianInNotices")}
        label="Name the clinician in notices"
        description="Off: emails and calendar invitations say only the clinic’s name, so a glance at a lock screen tells nothing. On: they name the doctor too."
        error={errors.nameClinicianInNotices}
      >
        <Switch checked={values.nameClinicianInNotices} onCheckedChange={(checked) => onChange("nameClinicianInNotices", checked)} disabled={disabled} />
      </AdminField>
    </div>
  );
}
