// The rules every input obeys, whichever procedure or download it is for.
import { z } from "zod";
import { AppError, describeInputProblem } from "./errors";

export const NUL_CHARACTER_MESSAGE = "Text may not contain the NUL character (U+0000).";

/** Whether any string in `value`, key or value at any depth, holds U+0000 (walked without recursion, so no nesting depth overflows the stack). */
function holdsNulCharacter(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (next.includes("\u0000")) return true;
    } else if (Array.isArray(next)) {
      pending.push(...next);
    } else if (next !== null && typeof next === "object") {
      for (const [key, item] of Object.entries(next)) pending.push(key, item);
    }
  }
  return false;
}

/**
 * No person types U+0000 and PostgreSQL's text cannot store it, so an input holding one anywhere
 * is refused as a whole, before any schema of its own reads it.
 */
const withoutNulCharacters = z.unknown().refine((value) => !holdsNulCharacter(value), NUL_CHARACTER_MESSAGE);

/** The parsed value, or a 400 naming every problem, as the procedures answer bad input. */
function parsed<T>(result: z.ZodSafeParseResult<T>): T {
  if (!result.success) throw new AppError("INVALID_INPUT", describeInputProblem(result.error), { cause: result.error });
  return result.data;
}

/** Refuses (400) an input holding U+0000 anywhere: every procedure's input, before its own schema. */
export function refuseNulCharacters(value: unknown): void {
  parsed(withoutNulCharacters.safeParse(value));
}

/**
 * `value` read by `schema`, after the rule every input obeys, for the doors outside tRPC (files,
 * downloads). Two schemas in turn, not a pipe of them: a pipe built per call is a new schema
 * for zod to construct on every request.
 */
export function parseClientInput<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  refuseNulCharacters(value);
  return parsed(schema.safeParse(value));
}
