import { Input } from "@halcyon/ui/components/input";
import { Label } from "@halcyon/ui/components/label";
import type { ComponentProps, ReactNode } from "react";

type FormFieldProps = ComponentProps<typeof Input> & {
  id: string;
  label: string;
  /** Shown after the label in a quieter voice, e.g. "optional". */
  hint?: string;
  /** Replaces the plain input, for fields with their own controls (a password with a show toggle). */
  children?: ReactNode;
};

/** A label above its input, with the spacing and hint style every field of the form shares. */
export function FormField({ id, label, hint, children, className, ...inputProps }: FormFieldProps) {
  return (
    <div className={className}>
      <Label htmlFor={id}>
        {label}
        {hint && <span className="text-xs font-normal text-muted-foreground">({hint})</span>}
      </Label>
      <div className="mt-2">{children ?? <Input id={id} {...inputProps} />}</div>
    </div>
  );
}
