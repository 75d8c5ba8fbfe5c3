import type { PublicUser } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { TooltipProvider } from "@halcyon/ui/components/tooltip";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { useState, type FormEvent } from "react";

import { SectionCard } from "../../components/section-card";
import { checkChosenPassword } from "../../lib/auth/choose-password";
import { passwordChange } from "../../lib/auth/password-change";
import { PasswordRefused } from "../../lib/auth/password-secrets";
import { setCurrentUser } from "../../lib/auth/current-user";
import { rotateSession } from "../../lib/auth/session-rotation";
import { trpcClient } from "../../lib/trpc";
import { FormField } from "../auth/form-field";
import { PasswordInput } from "../auth/password-input";
import { PasswordStrength } from "../auth/password-strength";
import { clearFormProblem, reportFormProblem } from "../../lib/form-problem";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };
type Field = keyof typeof EMPTY;
const fieldId = (field: Field) => `account-${field}`;

/**
 * A new password, from the account page: the current one is its re-check, the strength shows as
 * the member types, and every other session ends (this one carries on with a fresh cookie).
 * Neither password leaves this browser (see password-change.ts); the messaging key goes along,
 * sealed with the new one.
 */
export function PasswordSection({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [invalid, setInvalid] = useState<Field>();

  const change = useMutation({
    // Refusals of the old cookie while the session turns over are expected (session-rotation.ts).
    meta: { unauthorizedIsExpected: true },
    mutationFn: async (passwords: { currentPassword: string; newPassword: string }) => {
      const { input } = await passwordChange(user, passwords);
      return rotateSession(() => trpcClient.auth.changePassword.mutate(input));
    },
    onSuccess: async (updated) => {
      setValues(EMPTY);
      setCurrentUser(queryClient, updated);
      toast({ title: "Your password is changed", description: "Use it from now on. Everywhere else you were signed in has been signed out." });
      await queryClient.invalidateQueries();
    },
    onError: (error) => {
      const field: Field = !(error instanceof PasswordRefused) && /current password/i.test(error.message) ? "currentPassword" : "newPassword";
      setInvalid(field);
      document.getElementById(fieldId(field))?.focus();
      toast({ variant: "destructive", title: "Password not changed", description: error.message });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.currentPassword) {
      setInvalid("currentPassword");
      document.getElementById(fieldId("currentPassword"))?.focus();
      reportFormProblem("Enter your current password.");
      return;
    }
    const checked = checkChosenPassword(values);
    if (!checked.ok) {
      setInvalid(checked.field);
      document.getElementById(fieldId(checked.field))?.focus();
      reportFormProblem(checked.message);
      return;
    }
    setInvalid(undefined);
    clearFormProblem();
    change.mutate({ currentPassword: values.currentPassword, newPassword: checked.input.newPassword });
  };

  const input = (field: Field, autoComplete: string) => ({
    id: fieldId(field),
    name: field,
    autoComplete,
    value: values[field],
    disabled: change.isPending,
    "aria-invalid": invalid === field || undefined,
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      if (invalid === field) setInvalid(undefined);
    },
  });

  return (
    <SectionCard title="Password" description="Changing it signs you out everywhere else.">
      <TooltipProvider>
        <form id="password" noValidate onSubmit={submit} aria-label="Change your password" className="grid max-w-xl scroll-mt-40 gap-6">
          <FormField id={fieldId("currentPassword")} label="Current password">
            <PasswordInput {...input("currentPassword", "current-password")} />
          </FormField>
          <FormField id={fieldId("newPassword")} label="New password">
            <PasswordInput {...input("newPassword", "new-password")} aria-describedby="account-password-strength" />
            <div className="mt-3">
              <PasswordStrength id="account-password-strength" password={values.newPassword} owner={user} />
            </div>
          </FormField>
          <FormField id={fieldId("confirmPassword")} label="Confirm new password">
            <PasswordInput {...input("confirmPassword", "new-password")} />
          </FormField>
          <Button type="submit" className="w-fit" disabled={change.isPending}>
            {change.isPending ? "Changing…" : "Change password"}
          </Button>
        </form>
      </TooltipProvider>
    </SectionCard>
  );
}
