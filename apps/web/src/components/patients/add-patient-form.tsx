import { addPatientInputSchema, type PublicUser } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { Input } from "@halcyon/ui/components/input";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { KeyRound } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";

import { CopyField } from "../copy-field";
import { Field } from "../field";
import { trpc } from "../../lib/trpc";
import { FormDialogFooter } from "../form-dialog-footer";
import { checkForm, firstMarked, useFieldProblems } from "../../lib/check-form";
import { clearFormProblem, reportFormProblem } from "../../lib/form-problem";
import { useRecheckWhenAsked } from "../../features/account/use-recheck-when-asked";

type Values = { firstName: string; lastName: string; email: string; phoneNumber: string; dateOfBirth: string };
type PatientField = keyof Values;
const EMPTY: Values = { firstName: "", lastName: "", email: "", phoneNumber: "", dateOfBirth: "" };
/** In the order the form shows them. */
const PATIENT_FIELDS: readonly PatientField[] = ["firstName", "lastName", "email", "phoneNumber", "dateOfBirth"];

/** The patient's details, checked with the server's own rules (zod: loaded with this form only), then their one-time password. */
export function AddPatientForm({ onDone }: { onDone: () => void }) {
  const ids = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const { problems, setProblems, clearProblem } = useFieldProblems<PatientField>();
  const [created, setCreated] = useState<{ patient: PublicUser; oneTimePassword: string }>();
  const utils = trpc.useUtils();
  // The dialog opened before this form's code arrived, and put the focus on its Close button.
  useEffect(() => {
    document.getElementById(`${ids}-firstName`)?.focus();
  }, [ids]);

  const recheck = useRecheckWhenAsked({ title: "Add this patient?", actionLabel: "Add patient", busyLabel: "Adding..." });
  const add = trpc.patients.add.useMutation({
    onSuccess: async (result) => {
      setCreated(result);
      await utils.patients.invalidate();
    },
    onError: (error, input) => {
      if (recheck.offer(error, () => add.mutateAsync(input))) return;
      toast({ variant: "destructive", title: "Error", description: `We couldn't add the patient. ${error.message}` });
    },
  });

  if (created) {
    return (
      <div className="grid gap-6">
        <DialogHeader>
          <span className="mb-2 flex size-12 items-center justify-center rounded-full border border-hairline bg-gold-200/50 text-gold-700">
            <KeyRound className="size-5" strokeWidth={1.5} aria-hidden="true" />
          </span>
          <DialogTitle>
            {created.patient.firstName} {created.patient.lastName} is registered
          </DialogTitle>
          <DialogDescription>
            Give the patient these details to sign in within 72 hours, when the password stops working. They will choose their own password the first time.
          </DialogDescription>
        </DialogHeader>
        <dl className="grid gap-4">
          <div className="grid gap-2">
            <dt className="text-sm font-medium">Username</dt>
            <dd>
              <CopyField label="Username" value={created.patient.username} mono />
            </dd>
          </div>
          <div className="grid gap-2">
            <dt className="text-sm font-medium">One-time password</dt>
            <dd>
              <CopyField label="One-time password" value={created.oneTimePassword} mono />
            </dd>
          </div>
        </dl>
        <p role="note" className="rounded-lg border border-rose-700/25 bg-rose-50 p-4 text-sm leading-relaxed text-rose-700">
          <strong className="font-semibold">This password will not be shown again.</strong> Copy it or hand it over now; if it is lost, an administrator can set
          a new one.
        </p>
        <DialogFooter>
          <Button type="button" onClick={onDone}>
            Done
          </Button>
        </DialogFooter>
      </div>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkForm(addPatientInputSchema, { ...values, email: values.email.trim() }, PATIENT_FIELDS);
    if (!check.ok) {
      setProblems(check.problems);
      const first = firstMarked(check.problems, PATIENT_FIELDS);
      if (first) document.getElementById(`${ids}-${first}`)?.focus();
      reportFormProblem(check.message);
      return;
    }
    clearFormProblem();
    add.mutate(check.input);
  };

  const busy = add.isPending;
  const input = (field: PatientField) => ({
    id: `${ids}-${field}`,
    value: values[field],
    disabled: busy,
    "aria-invalid": problems[field] ? true : undefined,
    "aria-describedby": problems[field] ? `${ids}-${field}-message` : undefined,
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      clearProblem(field);
    },
  });
  /** A field's label and problem, as Field shows them. */
  const field = (name: PatientField) => ({ htmlFor: `${ids}-${name}`, invalid: Boolean(problems[name]), message: problems[name] });

  return (
    <>
      <form noValidate onSubmit={submit} className="grid gap-6">
        <DialogHeader>
          <DialogTitle>Add a new patient</DialogTitle>
          <DialogDescription>We open their account and give you a one-time password to pass on. They join your patients at once.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field {...field("firstName")} label="First name">
            <Input autoComplete="off" aria-required {...input("firstName")} />
          </Field>
          <Field {...field("lastName")} label="Last name">
            <Input autoComplete="off" aria-required {...input("lastName")} />
          </Field>
        </div>
        <Field {...field("email")} label="Email" hint="optional">
          <Input type="email" autoComplete="off" {...input("email")} />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field {...field("phoneNumber")} label="Phone number">
            <Input type="tel" autoComplete="off" placeholder="(555) 123-4567" aria-required {...input("phoneNumber")} />
          </Field>
          <Field {...field("dateOfBirth")} label="Date of birth">
            <Input type="date" aria-required {...input("dateOfBirth")} />
          </Field>
        </div>
        <FormDialogFooter busy={busy} onCancel={onDone} label="Add patient" busyLabel="Adding..." />
      </form>
      {/* Outside the form: the dialog's own submit must not bubble into this one. */}
      {recheck.dialog}
    </>
  );
}
