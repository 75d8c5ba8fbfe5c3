import { Input } from "@halcyon/ui/components/input";

import { AdminField } from "./admin-field";
import { UnitInput } from "./policy-fields";
import type { SettingsField, SettingsValues } from "./settings-form";

type FeeField = "noShowFeePercent" | "lateCancelFeePercent";

const FEE_FIELDS: { field: FeeField; label: string; description: string }[] = [
  {
    field: "noShowFeePercent",
    label: "Missed-session fee",
    description: "Of the session's agreed fee, when a patient does not come (0 to 100; empty for none). It waits for the doctor or an admin to approve it.",
  },
  {
    field: "lateCancelFeePercent",
    label: "Late-cancellation fee",
    description: "Of the session's agreed fee, when a patient cancels inside the cancellation window (0 to 100; empty for none).",
  },
];

type FeeSettingsProps = {
  values: Pick<SettingsValues, FeeField | "currency">;
  errors: Partial<Record<SettingsField, string>>;
  fieldId: (field: SettingsField) => string;
  onChange: (field: FeeField | "currency", value: string) => void;
  disabled: boolean;
};

/** The clinic's money: its one currency and the fees for missed and late-cancelled sessions. */
export function FeeSettings({ values, errors, fieldId, onChange, disabled }: FeeSettingsProps) {
  return (
    <div className="grid gap-6 sm:grid-cols-3">
      <AdminField
        id={fieldId("currency")}
        label="Currency"
        description="Three letters (ISO 4217), like USD. Fixed once the clinic has money on its books."
        error={errors.currency}
      >
        <Input value={values.currency} onChange={(event) => onChange("currency", event.target.value)} disabled={disabled} maxLength={3} autoComplete="off" />
      </AdminField>
      {FEE_FIELDS.map(({ field, label, description }) => (
        <AdminField key={field} id={fieldId(field)} label={label} description={description} error={errors[field]}>
          <UnitInput unit="%" value={values[field]} onChange={(value) => onChange(field, value)} disabled={disabled} max={100} />
        </AdminField>
      ))}
    </div>
  );
}
