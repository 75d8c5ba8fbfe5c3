import { Input } from "@halcyon/ui/components/input";
import { Label } from "@halcyon/ui/components/label";
import type { ComponentProps, ReactNode } from "react";

type FormFieldProps = ComponentProps<typeof Input> & {
  id: string;
  label: string;
  /** Shown after the label in a quieter voice, e.g. "optional". */
  hint?: string;
  /** What is wrong with the value, said under it (a control of its own names it with problemId). */
  problem?: string | undefined;
  /** Replaces the plain input, for fields with their own controls (a password with a show toggle). */
  children?: ReactNode;
};

/** The id of the line that says what is wrong with the field `id`. */
export const problemId = (id: string) => `${id}-problem`;

/** A label above its input, with the spacing and hint style every field of the form shares. */
export function FormField({ id, label, hint, problem, children, className, ...inputProps }: FormFieldProps) {
  return (
    <div className={className}>
      <Label htmlFor={id}>
        {label}
        {hint && <span className="text-xs font-normal text-muted-foreground">({hint})</span>}
      </Label>
      <div className="mt-2">{children ?? <Input id={id} aria-describedby={problem ? problemId(id) : undefined} {...inputProps} />}</div>
      {problem ? (
        <p id={problemId(id)} className="mt-2 text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
