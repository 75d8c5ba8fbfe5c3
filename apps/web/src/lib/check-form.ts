// A form checked in the browser with the server's own schema, so it is stopped with the very
// messages the server would send, and every field that stops it says why at once.
import { useState } from "react";
import type { z } from "zod";

/** The form's input, or what stops it: the first problem (for the notification) and each field's own. */
export type FormCheck<Input, Field extends string> =
  { ok: true; input: Input } | { ok: false; message: string; field: Field | undefined; problems: Partial<Record<Field, string>> };

/** A field left empty is said "Required" beside it: the notification says which fields the form needs. */
const isMissing = (issue: z.core.$ZodIssue) => issue.code === "invalid_type" || (issue.code === "too_small" && issue.minimum === 1);

/** Checks `candidate` against `schema`; `fields`: the form's fields, whose problems it reports. */
export function checkForm<Schema extends z.ZodType, Field extends string>(
  schema: Schema,
  candidate: unknown,
  fields: readonly Field[],
): FormCheck<z.output<Schema>, Field> {
  const result = schema.safeParse(candidate);
  if (result.success) return { ok: true, input: result.data };
  const fieldOf = (issue: z.core.$ZodIssue | undefined) => fields.find((field) => field === issue?.path[0]);
  const problems: Partial<Record<Field, string>> = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(issue);
    if (field) problems[field] ??= isMissing(issue) ? "Required" : issue.message;
  }
  const [first] = result.error.issues;
  return { ok: false, message: first?.message ?? "Please check the form", field: fieldOf(first), problems };
}

/** The field a stopped form focuses: the first it marks, in the order `fields` lists them (the form's own). */
export function firstMarked<Field extends string>(problems: Partial<Record<Field, string>>, fields: readonly Field[]): Field | undefined {
  return fields.find((field) => problems[field]);
}

/**
 * A form's problems by field, from its last check (or the server's refusal), each taken back as
 * that field changes.
 */
export function useFieldProblems<Field extends string>() {
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const clearProblem = (field: Field) => {
    if (!problems[field]) return;
    setProblems((current) => {
      const others = { ...current };
      delete others[field];
      return others;
    });
  };
  return { problems, setProblems, clearProblem };
}
