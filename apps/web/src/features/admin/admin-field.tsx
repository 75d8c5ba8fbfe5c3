import { Label } from "@halcyon/ui/components/label";
import { cn } from "@halcyon/ui/lib/utils";
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";

type AdminFieldProps = {
  id: string;
  label: string;
  /** Quieter words after the label: "optional". */
  hint?: string;
  /** A line under the control that explains it. */
  description?: ReactNode;
  error?: string | undefined;
  className?: string;
  /** One control; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
};

/** A label, its control, what the control is for, and what is wrong with it (if anything). */
export function AdminField({ id, label, hint, description, error, className, children }: AdminFieldProps) {
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })
    : children;
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>
        {label}
        {hint ? <span className="text-xs font-normal text-muted-foreground">({hint})</span> : null}
      </Label>
      {control}
      {description ? (
        <p id={descriptionId} className="text-xs leading-relaxed text-muted-foreground">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-rose-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
