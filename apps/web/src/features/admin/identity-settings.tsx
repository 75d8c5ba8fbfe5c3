import { Input } from "@halcyon/ui/components/input";
import { Textarea } from "@halcyon/ui/components/textarea";

import { AdminField } from "./admin-field";
import type { SettingsField, SettingsValues } from "./settings-form";

type IdentityField = "clinicAddress" | "clinicEin" | "clinicNpi";

type IdentitySettingsProps = {
  values: Pick<SettingsValues, IdentityField>;
  errors: Partial<Record<SettingsField, string>>;
  fieldId: (field: SettingsField) => string;
  onChange: (field: IdentityField, value: string) => void;
  disabled: boolean;
};

/** Who the clinic is on superbills and Good Faith Estimates: its address, tax id and organisation NPI. */
export function IdentitySettings({ values, errors, fieldId, onChange, disabled }: IdentitySettingsProps) {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <AdminField
        id={fieldId("clinicAddress")}
        label="Address"
        description="As printed on superbills and estimates, one line per row."
        error={errors.clinicAddress}
      >
        <Textarea
          rows={3}
          value={values.clinicAddress}
          onChange={(event) => onChange("clinicAddress", event.target.value)}
          disabled={disabled}
          maxLength={300}
        />
      </AdminField>
      <div className="grid content-start gap-6">
        <AdminField id={fieldId("clinicEin")} label="Tax ID (EIN)" description="Like 12-3456789." error={errors.clinicEin}>
          <Input
            value={values.clinicEin}
            onChange={(event) => onChange("clinicEin", event.target.value)}
            disabled={disabled}
            maxLength={10}
            autoComplete="off"
          />
        </AdminField>
        <AdminField id={fieldId("clinicNpi")} label="Organization NPI" description="The clinic's own 10-digit NPI, if it has one." error={errors.clinicNpi}>
          <Input
            value={values.clinicNpi}
            onChange={(event) => onChange("clinicNpi", event.target.value)}
            disabled={disabled}
            maxLength={10}
            inputMode="numeric"
            autoComplete="off"
          />
        </AdminField>
      </div>
    </div>
  );
}
