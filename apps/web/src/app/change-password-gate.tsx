import type { PublicUser } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Input } from "@halcyon/ui/components/input";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { unlockMessagingAfterSignIn } from "../lib/messaging-keys/after-sign-in";
import { Eye, EyeOff, KeyRound, LockKeyhole, ShieldCheck } from "lucide-react";
import { useEffect, useState, type ChangeEvent, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";

import { Field, messageId } from "../components/field";
import { AuthLayout, type Reassurance } from "../features/auth/auth-layout";
import { PasswordStrength } from "../features/auth/password-strength";
import { checkChosenPassword, type ChoosePasswordField, type ChoosePasswordValues } from "../lib/auth/choose-password";
import { setCurrentUser } from "../lib/auth/current-user";
import { rotateSession } from "../lib/auth/session-rotation";
import { CLINIC_NAME, pageTitle } from "../lib/clinic";
import { trpcClient } from "../lib/trpc";
import { useDocumentTitle } from "../lib/use-document-title";
import { clearFormProblem, reportFormProblem } from "../lib/form-problem";

const FIELDS: { field: ChoosePasswordField; label: string; autoComplete: string }[] = [
  { field: "newPassword", label: "New password", autoComplete: "new-password" },
  { field: "confirmPassword", label: "Confirm new password", autoComplete: "new-password" },
];

const fieldId = (field: ChoosePasswordField) => `choose-${field}`;

const REASSURANCES: Reassurance[] = [
  { icon: KeyRound, text: "The one-time password stops working the moment you choose yours." },
  { icon: LockKeyhole, text: "Only you will know it: not the clinic, not your doctor, not us." },
  { icon: ShieldCheck, text: "Any other place you are signed in is signed out, for your safety." },
];

/**
 * Shown instead of any member page while the account still has the one-time password an admin or
 * doctor created it with: the member chooses their own before anything else, then the page they
 * asked for opens (or `continueTo`, when they arrived on the home page straight from signing in).
 */
export function ChangePasswordGate({ user, continueTo }: { user: PublicUser; continueTo?: string | undefined }) {
  useDocumentTitle(pageTitle("Choose your own password"));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [values, setValues] = useState<ChoosePasswordValues>({ newPassword: "", confirmPassword: "" });
  const [visible, setVisible] = useState(false);
  const [problem, setProblem] = useState<{ field: ChoosePasswordField; message: string }>();

  const change = useMutation({
    // Refusals of the old cookie while it is replaced are expected. No current password is sent:
    // this session signed in with the one-time password moments ago, and the server knows it.
    meta: { unauthorizedIsExpected: true },
    mutationFn: (input: { newPassword: string }) => rotateSession(() => trpcClient.auth.changePassword.mutate(input)),
    onSuccess: async (updated, { newPassword }) => {
      unlockMessagingAfterSignIn(updated, newPassword);
      // Move on first (the next page still shows this gate for a moment), then open the door:
      // the other way round, the page underneath would flash by.
      if (continueTo) await navigate(continueTo, { replace: true });
      setCurrentUser(queryClient, updated);
      toast({ title: "Your password is set", description: `Welcome to ${CLINIC_NAME}, ${updated.firstName}. From now on, sign in with your own password.` });
      // Everything read meanwhile was read on the old cookie: read it again on the new one.
      await queryClient.invalidateQueries();
    },
    onError: (error) => {
      setProblem({ field: "newPassword", message: error.message });
      toast({ variant: "destructive", title: "Password not changed", description: error.message });
    },
  });
  const busy = change.isPending || change.isSuccess;

  // Each new problem takes the focus to its field, once the form is enabled again.
  useEffect(() => {
    if (problem && !busy) document.getElementById(fieldId(problem.field))?.focus();
  }, [problem, busy]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkChosenPassword(values);
    if (!checked.ok) {
      setProblem({ field: checked.field, message: checked.message });
      reportFormProblem(checked.message);
      return;
    }
    setProblem(undefined);
    clearFormProblem();
    change.mutate(checked.input);
  };

  return (
    <AuthLayout
      quote="A key of your own, before you step inside."
      reassurances={REASSURANCES}
      titleId="choose-password-title"
      eyebrow={<>One more step, {user.firstName}</>}
      title="Choose your own password"
      lead="You signed in with a one-time password from the clinic. Replace it with one only you know, and your pages will open. No need to type the one-time password again."
    >
      <form
        noValidate
        onSubmit={submit}
        aria-label="Choose your own password"
        className="mt-10 grid gap-6 rounded-xl border border-hairline bg-card p-6 shadow-soft sm:p-10"
      >
        {FIELDS.map(({ field, label, autoComplete }) => {
          const invalid = problem?.field === field;
          const describedBy =
            [field === "newPassword" ? `${fieldId(field)}-hint` : null, invalid ? messageId(fieldId(field)) : null].filter(Boolean).join(" ") || undefined;
          return (
            <Field key={field} htmlFor={fieldId(field)} label={label} message={invalid ? problem.message : undefined} invalid={invalid}>
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
                  if (invalid) setProblem(undefined);
                }}
              />
              {field === "newPassword" ? <PasswordStrength id={`${fieldId(field)}-hint`} password={values.newPassword} owner={user} /> : null}
            </Field>
          );
        })}
        <Button type="button" variant="link" onClick={() => setVisible((shown) => !shown)} className="h-auto justify-self-start px-0 text-sm">
          {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {visible ? "Hide passwords" : "Show passwords"}
        </Button>
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy}>
          {busy ? "Saving your password…" : "Save my password"}
        </Button>
      </form>
    </AuthLayout>
  );
}
