import { Input } from "@halcyon/ui/components/input";

import { AdminField } from "./admin-field";
import type { SettingsField, SettingsValues } from "./settings-form";

/** The policies measured in units: when online rescheduling stops, when an idle session ends, how long a waitlist offer holds its hour. */
const POLICY_FIELDS = [
  {
    field: "cancellationWindowHours",
    label: "Cancellation window",
    description: "Hours before a session within which patients can no longer reschedule online (0 to 336).",
    unit: "hours",
    max: 336,
  },
  {
    field: "idleTimeoutMinutes",
    label: "Idle sign-out",
    description: "Minutes without activity after which a session ends (5 to 720). Also what Active Sessions counts.",
    unit: "minutes",
    max: 720,
  },
  {
    field: "waitlistHoldMinutes",
    label: "Waitlist hold",
    description: "Minutes a freed hour is held for the patient offered it before it goes to the next person on the waitlist (1 to 240).",
    unit: "minutes",
    max: 240,
  },
] as const;

type PolicyField = (typeof POLICY_FIELDS)[number]["field"];

type PolicyFieldsProps = {
  values: Pick<SettingsValues, PolicyField>;
  errors: Partial<Record<SettingsField, string>>;
  fieldId: (field: SettingsField) => string;
  onChange: (field: PolicyField, value: string) => void;
  disabled: boolean;
};

/** The settings' policies, side by side on a wide screen. */
export function PolicyFields({ values, errors, fieldId, onChange, disabled }: PolicyFieldsProps) {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      {POLICY_FIELDS.map(({ field, label, description, unit, max }) => (
        <AdminField key={field} id={fieldId(field)} label={label} description={description} error={errors[field]}>
          <UnitInput unit={unit} value={values[field]} onChange={(value) => onChange(field, value)} disabled={disabled} max={max} />
        </AdminField>
      ))}
    </div>
  );
}

type UnitInputProps = {
  unit: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  max: number;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

/** A number with its unit written after it, inside the field. */
export function UnitInput({ unit, value, onChange, disabled, max, ...aria }: UnitInputProps) {
  return (
    <div className="relative">
      <Input
        type="number"
        inputMode="decimal"
        min={0}
        max={max}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        className="pr-20"
        {...aria}
      />
      <span aria-hidden="true" className="pointer-events-none absolute top-1/2 right-4 -translate-y-1/2 text-sm text-muted-foreground">
        {unit}
      </span>
    </div>
  );
}
