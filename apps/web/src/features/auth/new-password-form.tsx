import { Button } from "@halcyon/ui/components/button";
import { Input } from "@halcyon/ui/components/input";
import { Eye, EyeOff } from "lucide-react";
import { useEffect, useState, type ChangeEvent, type FormEvent } from "react";

import { Field, messageId } from "../../components/field";
import { checkChosenPassword, type ChoosePasswordField, type ChoosePasswordValues } from "../../lib/auth/choose-password";
import { clearFormProblem, reportFormProblem } from "../../lib/form-problem";
import { PasswordStrength } from "./password-strength";

const FIELDS: { field: ChoosePasswordField; label: string; autoComplete: string }[] = [
  { field: "newPassword", label: "New password", autoComplete: "new-password" },
  { field: "confirmPassword", label: "Confirm new password", autoComplete: "new-password" },
];

const fieldId = (field: ChoosePasswordField) => `choose-${field}`;

/** What the server (or the browser's own judgement of the rules) said of the new password: shown at its field. */
export type NewPasswordProblem = { field: ChoosePasswordField; message: string };

/**
 * A new password typed twice, its strength shown as it is typed, with the form's first checks
 * (length, the two the same). Used where a member chooses a password without the current one: in
 * place of a one-time password, and from a reset link.
 */
export function NewPasswordForm({
  owner,
  label,
  busy,
  problem,
  onProblem,
  onSubmit,
  submitLabel,
  busyLabel,
}: {
  owner: { username: string; firstName?: string | null; lastName?: string | null };
  label: string;
  busy: boolean;
  problem: NewPasswordProblem | undefined;
  onProblem: (problem: NewPasswordProblem | undefined) => void;
  onSubmit: (newPassword: string) => void;
  submitLabel: string;
  busyLabel: string;
}) {
  const [values, setValues] = useState<ChoosePasswordValues>({ newPassword: "", confirmPassword: "" });
  const [visible, setVisible] = useState(false);

  // Each new problem takes the focus to its field, once the form is enabled again.
  useEffect(() => {
    if (problem && !busy) document.getElementById(fieldId(problem.field))?.focus();
  }, [problem, busy]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkChosenPassword(values);
    if (!checked.ok) {
      onProblem({ field: checked.field, message: checked.message });
      reportFormProblem(checked.message);
      return;
    }
    onProblem(undefined);
    clearFormProblem();
    onSubmit(checked.input.newPassword);
  };

  return (
    <form noValidate onSubmit={submit} aria-label={label} className="mt-10 grid gap-6 rounded-xl border border-hairline bg-card p-6 shadow-soft sm:p-10">
      {FIELDS.map(({ field, label: fieldLabel, autoComplete }) => {
        const invalid = problem?.field === field;
        const describedBy =
          [field === "newPassword" ? `${fieldId(field)}-hint` : null, invalid ? messageId(fieldId(field)) : null].filter(Boolean).join(" ") || undefined;
        return (
          <Field key={field} htmlFor={fieldId(field)} label={fieldLabel} message={invalid ? problem.message : undefined} invalid={invalid}>
            <Input
              id={fieldId(field)}
              name={field}
              type={visible ? "text" : "password"}
              autoComplete={autoComplete}
              value={values[field]}
              disabled={busy}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              onChange={(event: ChangeEvent<HTMLInputElement>) => {
                setValues((current) => ({ ...current, [field]: event.target.value }));
                if (invalid) onProblem(undefined);
              }}
            />
            {field === "newPassword" ? <PasswordStrength id={`${fieldId(field)}-hint`} password={values.newPassword} owner={owner} /> : null}
          </Field>
        );
      })}
      <Button type="button" variant="link" onClick={() => setVisible((shown) => !shown)} className="h-auto justify-self-start px-0 text-sm">
        {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        {visible ? "Hide passwords" : "Show passwords"}
      </Button>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
