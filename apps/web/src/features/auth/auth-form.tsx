import { Button } from "@halcyon/ui/components/button";
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";

import { AUTH_FIELDS, EMPTY_AUTH_FORM, validateLogin, validateRegistration, type AuthField, type AuthFormValues, type AuthMode } from "./auth-form-validation";
import { messageId } from "../../components/field";
import { FormField } from "./form-field";
import { PasswordInput } from "./password-input";
import { PasswordStrength } from "./password-strength";
import { PasskeySignIn } from "./passkey-sign-in";
import { useLogin, useRegister, type SecondStepMethod } from "./use-auth-mutations";
import { firstMarked, useFieldProblems } from "../../lib/check-form";
import { clearFormProblem, reportFormProblem } from "../../lib/form-problem";

const COPY = {
  login: { submit: "Log In", pending: "Signing In...", toggle: "Need an account? Create one" },
  register: { submit: "Create Account", pending: "Creating Account...", toggle: "Already have an account? Log in" },
} as const;

const fieldId = (field: AuthField) => `auth-${field}`;
const STRENGTH_ID = "auth-password-strength";

type AuthFormProps = {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onSignedIn: () => void;
  /** The password was right, and the member signs in in two steps: ask for one of these. */
  onSecondStep: (methods: SecondStepMethod[]) => void;
  /** Where to go once signed in, when the visitor was on their way somewhere. */
  next: string | undefined;
};

export function AuthForm({ mode, onModeChange, onSignedIn, onSecondStep, next }: AuthFormProps) {
  const [values, setValues] = useState<AuthFormValues>(EMPTY_AUTH_FORM);
  const { problems, setProblems, clearProblem } = useFieldProblems<AuthField>();
  const login = useLogin(onSignedIn, onSecondStep, next);
  // The field the server refused: focused once the form is enabled again.
  const refusedField = useRef<AuthField>(undefined);
  const register = useRegister(onSignedIn, next, (name, message) => {
    const field = AUTH_FIELDS.find((candidate) => candidate === name);
    if (!field) return;
    setProblems({ [field]: message });
    refusedField.current = field;
  });
  const isRegistering = mode === "register";
  const mutation = isRegistering ? register : login;
  // Stays busy after success too, while the welcome toast shows and the page moves on.
  const busy = mutation.isPending || mutation.isSuccess;
  useEffect(() => {
    const field = refusedField.current;
    if (field === undefined || busy) return;
    refusedField.current = undefined;
    document.getElementById(fieldId(field))?.focus();
  });

  const inputProps = (field: AuthField) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    disabled: busy,
    "aria-invalid": problems[field] ? true : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      clearProblem(field);
    },
  });

  /** A field of the form as FormField shows it: its input, and what is wrong with it. */
  const fieldProps = (field: AuthField) => ({ ...inputProps(field), problem: problems[field] });

  const reject = ({ message, field, problems }: { message: string; field: AuthField | undefined; problems: Partial<Record<AuthField, string>> }) => {
    setProblems(problems);
    const first = firstMarked(problems, AUTH_FIELDS) ?? field;
    if (first) document.getElementById(fieldId(first))?.focus();
    reportFormProblem(message);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isRegistering) {
      const validation = validateRegistration(values);
      if (!validation.ok) return reject(validation);
      clearFormProblem();
      register.mutate(validation.input);
    } else {
      const validation = validateLogin(values);
      if (!validation.ok) return reject(validation);
      clearFormProblem();
      login.mutate(validation.input);
    }
  };

  return (
    // The browser's own validation bubbles would pre-empt the clinic's messages, hence noValidate.
    <form noValidate onSubmit={submit} className="grid gap-6" aria-label={isRegistering ? "Create account" : "Log in"}>
      {isRegistering && (
        <>
          <div className="grid gap-6 sm:grid-cols-2">
            <FormField label="First name" autoComplete="given-name" aria-required {...fieldProps("firstName")} />
            <FormField label="Last name" autoComplete="family-name" aria-required {...fieldProps("lastName")} />
          </div>
          <FormField label="Email" hint="optional" type="email" autoComplete="email" {...fieldProps("email")} />
          <div className="grid gap-6 sm:grid-cols-2">
            <FormField label="Phone number" type="tel" autoComplete="tel" placeholder="(555) 123-4567" aria-required {...fieldProps("phoneNumber")} />
            <FormField label="Date of birth" type="date" autoComplete="bday" aria-required {...fieldProps("dateOfBirth")} />
          </div>
        </>
      )}

      <FormField label="Username" autoComplete="username" autoCapitalize="none" spellCheck={false} aria-required {...fieldProps("username")} />
      <FormField id={fieldId("password")} label="Password" problem={problems.password}>
        <PasswordInput
          autoComplete={isRegistering ? "new-password" : "current-password"}
          aria-required
          {...inputProps("password")}
          aria-describedby={[problems.password ? messageId(fieldId("password")) : "", isRegistering ? STRENGTH_ID : ""].join(" ").trim() || undefined}
        />
        {isRegistering && (
          <div className="mt-1">
            <PasswordStrength
              id={STRENGTH_ID}
              password={values.password}
              owner={{ username: values.username, firstName: values.firstName, lastName: values.lastName }}
            />
          </div>
        )}
      </FormField>

      <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy}>
        {busy ? COPY[mode].pending : COPY[mode].submit}
      </Button>
      {isRegistering ? null : <PasskeySignIn onSignedIn={onSignedIn} next={next} disabled={busy} />}

      <p className="text-center text-sm">
        <Button
          type="button"
          variant="link"
          disabled={busy}
          onClick={() => {
            setProblems({});
            onModeChange(isRegistering ? "login" : "register");
          }}
        >
          {COPY[mode].toggle}
        </Button>
      </p>
    </form>
  );
}
