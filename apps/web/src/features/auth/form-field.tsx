import { Input } from "@halcyon/ui/components/input";
import type { ComponentProps, ReactNode } from "react";
import { Field, messageId } from "../../components/field";

type FormFieldProps = ComponentProps<typeof Input> & {
  id: string;
  label: string;
  /** Shown after the label in a quieter voice, e.g. "optional". */
  hint?: string;
  /** What is wrong with the value, said under it (a control of its own names it with messageId). */
  problem?: string | undefined;
  /** Replaces the plain input, for fields with their own controls (a password with a show toggle). */
  children?: ReactNode;
  /** Says the problem aloud as it appears (see Field). */
  announce?: boolean;
};

/** A Field around an input of the sign-in and registration forms, with what is wrong with it under it. */
export function FormField({ id, label, hint, problem, children, announce, ...inputProps }: FormFieldProps) {
  return (
    <Field htmlFor={id} label={label} hint={hint} message={problem} invalid={Boolean(problem)} announce={announce}>
      {children ?? <Input id={id} aria-describedby={problem ? messageId(id) : undefined} {...inputProps} />}
    </Field>
  );
}
