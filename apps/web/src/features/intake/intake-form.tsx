import type { IntakeForm as SavedIntake, SaveIntakeInput } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Input } from "@halcyon/ui/components/input";
import { Textarea } from "@halcyon/ui/components/textarea";
import { useEffect, useId, useState, type FormEvent } from "react";

import { Field } from "../../components/field";
import { issuesOf } from "../../lib/api-errors";
import { trpc } from "../../lib/trpc";

type IntakeField = keyof SaveIntakeInput;

/** The intake form: why they come, what they take, whom to call. The server checks every field. */
export function IntakeFormSection({ saved, onSaved }: { saved: SavedIntake | null; onSaved: () => void }) {
  const ids = useId();
  const [values, setValues] = useState<SaveIntakeInput>(() => saved ?? { reason: "", medications: "", emergencyContactName: "", emergencyContactPhone: "" });
  const [problem, setProblem] = useState<{ field: IntakeField; message: string }>();
  const utils = trpc.useUtils();
  const save = trpc.intake.save.useMutation({
    onSuccess: (status) => {
      utils.intake.mine.setData(undefined, status);
      setProblem(undefined);
      onSaved();
    },
    onError: (error) => {
      // The server names the field at fault: the form's fields are its input's.
      const [path, message] = [...issuesOf(error)][0] ?? ["reason", error.message];
      setProblem({ field: path as IntakeField, message });
    },
  });
  // Once the form is enabled again after the refusal, the field at fault takes the focus.
  useEffect(() => {
    if (problem && !save.isPending) document.getElementById(`${ids}-${problem.field}`)?.focus();
  }, [problem, save.isPending, ids]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(values);
  };
  const set = (field: IntakeField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (problem?.field === field) setProblem(undefined);
  };
  const control = (field: IntakeField) => ({
    id: `${ids}-${field}`,
    value: values[field],
    disabled: save.isPending,
    "aria-required": true,
    "aria-invalid": problem?.field === field || undefined,
    "aria-describedby": `${ids}-${field}-message`,
  });
  const message = (field: IntakeField, guidance: string) => (problem?.field === field ? problem.message : guidance);

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${ids}-title`} className="grid gap-6">
      <h2 id={`${ids}-title`} className="font-display text-[1.7rem] leading-tight text-ink-900">
        About you
      </h2>
      <Field
        htmlFor={`${ids}-reason`}
        label="What brings you to Halcyon?"
        invalid={problem?.field === "reason"}
        message={message("reason", "In your own words: a sentence or two is plenty.")}
      >
        <Textarea {...control("reason")} rows={3} maxLength={4000} onChange={(event) => set("reason", event.target.value)} />
      </Field>
      <Field
        htmlFor={`${ids}-medications`}
        label="Current medications"
        invalid={problem?.field === "medications"}
        message={message("medications", "Name and dose of each, or “None”.")}
      >
        <Textarea {...control("medications")} rows={2} className="min-h-20" maxLength={4000} onChange={(event) => set("medications", event.target.value)} />
      </Field>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-medium text-foreground">Emergency contact</legend>
        <Field
          htmlFor={`${ids}-emergencyContactName`}
          label="Name"
          invalid={problem?.field === "emergencyContactName"}
          message={message("emergencyContactName", "Someone we may call if we are worried for your safety.")}
        >
          <Input
            {...control("emergencyContactName")}
            autoComplete="off"
            maxLength={200}
            onChange={(event) => set("emergencyContactName", event.target.value)}
          />
        </Field>
        <Field
          htmlFor={`${ids}-emergencyContactPhone`}
          label="Phone"
          invalid={problem?.field === "emergencyContactPhone"}
          message={message("emergencyContactPhone", "For example (555) 123-4567")}
        >
          <Input
            {...control("emergencyContactPhone")}
            type="tel"
            autoComplete="off"
            maxLength={25}
            onChange={(event) => set("emergencyContactPhone", event.target.value)}
          />
        </Field>
      </fieldset>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : saved ? "Save changes" : "Save and continue"}
        </Button>
      </div>
    </form>
  );
}
