import type { SoapNote, SoapSection } from "@halcyon/domain/schemas";
import { SOAP_SECTION_MAX } from "@halcyon/domain/rules";
import { Textarea } from "@halcyon/ui/components/textarea";

import { Field } from "../field";
import { SOAP_FIELDS } from "./soap-sections";

type SoapFieldsetProps = {
  /** Each section's control is `${idPrefix}-${section}`. */
  idPrefix: string;
  value: SoapNote;
  onChange: (section: SoapSection, text: string) => void;
  /** What is wrong with each section the editor marked. */
  problems: Partial<Record<SoapSection, string>>;
  disabled: boolean;
};

/** The SOAP template of a session's clinical note: four sections, each with what it asks for. */
export function SoapFieldset({ idPrefix, value, onChange, problems, disabled }: SoapFieldsetProps) {
  return (
    <fieldset className="grid gap-5 border-t border-hairline pt-6">
      <legend className="float-left mb-1 font-display text-xl text-ink-900">Clinical note</legend>
      <p className="-mt-3 text-xs text-muted-foreground">The SOAP template. The patient reads it once it is signed.</p>
      {SOAP_FIELDS.map(({ section, label, prompt }) => {
        const problem = problems[section];
        const invalid = problem !== undefined;
        return (
          <Field key={section} htmlFor={`${idPrefix}-${section}`} label={label} invalid={invalid} message={problem ?? prompt}>
            <Textarea
              id={`${idPrefix}-${section}`}
              value={value[section]}
              rows={2}
              className="min-h-20"
              maxLength={SOAP_SECTION_MAX}
              aria-invalid={invalid || undefined}
              aria-describedby={`${idPrefix}-${section}-message`}
              disabled={disabled}
              onChange={(event) => onChange(section, event.target.value)}
            />
          </Field>
        );
      })}
    </fieldset>
  );
}
