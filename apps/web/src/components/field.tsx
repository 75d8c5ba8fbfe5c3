import { Label } from "@halcyon/ui/components/label";
import type { ReactNode } from "react";

type FieldProps = {
  /** The id of the control, so the label names it. */
  htmlFor: string;
  label: string;
  /** Said after the label in a quieter voice, e.g. "optional". */
  hint?: string;
  /** A line under the control: guidance, or what is wrong. */
  message?: ReactNode;
  invalid?: boolean;
  /**
   * A problem is said aloud as it appears: for a form of one field, which keeps the focus, so that
   * moving the focus to it would say nothing new.
   */
  announce?: boolean;
  children: ReactNode;
};

/** The id of the line under the control `htmlFor`, for its aria-describedby. */
export const messageId = (htmlFor: string) => `${htmlFor}-message`;

/** A label above its control, with the spacing and hint style the clinic's forms share. */
export function Field({ htmlFor, label, hint, message, invalid = false, announce = false, children }: FieldProps) {
  return (
    <div className="grid min-w-0 content-start gap-2">
      <Label htmlFor={htmlFor}>
        {label}
        {hint ? <span className="text-xs font-normal text-muted-foreground">({hint})</span> : null}
      </Label>
      {children}
      {message ? (
        <p
          id={messageId(htmlFor)}
          role={announce && invalid ? "alert" : undefined}
          className={invalid ? "text-sm text-destructive" : "text-xs leading-relaxed text-muted-foreground"}
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}
