import { Input } from "@halcyon/ui/components/input";
import { Switch } from "@halcyon/ui/components/switch";
import type { ChangeEvent } from "react";

import { AdminField } from "./admin-field";
import { newUserFieldId } from "./new-user-form";
import { summarizeWeek, type WeeklyHours, type WorkingPeriod } from "./working-hours";
import { WorkingHoursEditor } from "./working-hours-editor";

/** The clinic's four service lines, offered as specializations. */
const SPECIALIZATIONS = ["Individual Therapy", "Couples Therapy", "PTSD & Trauma Care", "Mindfulness & Wellness"];

type DoctorPracticeFieldsProps = {
  /** The specialization input's value, handler and state, as the form hands them to every text field. */
  specialization: { value: string; disabled: boolean; onChange: (event: ChangeEvent<HTMLInputElement>) => void };
  specializationError: string | undefined;
  ownHours: boolean;
  onOwnHours: (own: boolean) => void;
  week: WeeklyHours;
  onWeek: (week: WeeklyHours) => void;
  hoursError: string | undefined;
  /** The clinic's hours, once loaded: what a doctor without their own keeps to. */
  clinicHours: WorkingPeriod[] | undefined;
  disabled: boolean;
};

/** A new doctor's specialization, and their own weekly hours or the clinic's. */
export function DoctorPracticeFields({
  specialization,
  specializationError,
  ownHours,
  onOwnHours,
  week,
  onWeek,
  hoursError,
  clinicHours,
  disabled,
}: DoctorPracticeFieldsProps) {
  return (
    <fieldset className="grid min-w-0 gap-6">
      <legend className="mb-4 font-display text-2xl text-ink-900">Their practice</legend>
      <AdminField
        id={newUserFieldId("specialization")}
        label="Specialization"
        description="Shown to patients when they choose a doctor."
        error={specializationError}
      >
        <Input list="specializations" autoComplete="off" {...specialization} />
      </AdminField>
      <datalist id="specializations">
        {SPECIALIZATIONS.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>

      <div className="grid gap-5 sm:rounded-lg sm:border sm:border-ivory-300 sm:bg-ivory-100/60 sm:p-6">
        <div className="flex items-start justify-between gap-6">
          <div>
            <p id="own-hours-label" className="text-sm font-medium text-ink-900">
              Own weekly hours
            </p>
            <p id="own-hours-description" className="mt-1 text-xs leading-relaxed text-muted-foreground">
              {ownHours
                ? "Patients can book this doctor only within these hours."
                : `Off: they keep to the clinic's hours (${clinicHours ? summarizeWeek(clinicHours).join("; ") : "loading…"}).`}
            </p>
          </div>
          <Switch
            id={newUserFieldId("hours")}
            checked={ownHours}
            onCheckedChange={onOwnHours}
            aria-labelledby="own-hours-label"
            aria-describedby="own-hours-description"
            disabled={disabled || !clinicHours}
          />
        </div>
        {ownHours ? <WorkingHoursEditor id="new-doctor-hours" label="The doctor's weekly hours" value={week} onChange={onWeek} disabled={disabled} /> : null}
        {hoursError ? <p className="text-sm text-rose-700">{hoursError}</p> : null}
      </div>
    </fieldset>
  );
}
