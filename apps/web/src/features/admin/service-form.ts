// The Services screen's form: its values as typed, and the server's input made from them, apart
// from React so they can be tested. Amounts go through parseMoney (strings to integer minor
// units), never through parseFloat: "120.10" is 12010 cents, not 12009.999….
import { cptCodeFor, decimalAmount, minorDigits, parseMoney, type ServiceKind } from "@halcyon/domain/rules";
import { createServiceInputSchema, type ClinicServiceView } from "@halcyon/domain/schemas";
import type { z } from "zod";

export type ServiceValues = {
  name: string;
  minutes: string;
  fee: string;
  kind: ServiceKind;
  /** Empty: the code the kind and length call for, kept in step as they change. */
  cptCode: string;
  videoAllowed: boolean;
  usualSessionsPerYear: string;
  active: boolean;
};

export type ServiceField = "name" | "minutes" | "fee" | "kind" | "cptCode" | "usualSessionsPerYear";
export type ServiceInput = z.input<typeof createServiceInputSchema>;

/** The form's order: problems are announced and focused in it. */
export const SERVICE_FIELDS: ServiceField[] = ["name", "kind", "minutes", "fee", "cptCode", "usualSessionsPerYear"];

export const KIND_LABEL: Record<ServiceKind, string> = {
  intake: "Intake (first assessment)",
  individual: "Individual",
  couples: "Couples",
  family: "Family",
  group: "Group",
};

/** The id of a field's control, so a refused form can move focus to it. */
export const serviceFieldId = (field: ServiceField) => `service-${field}`;

export const NEW_SERVICE: ServiceValues = {
  name: "",
  minutes: "53",
  fee: "",
  kind: "individual",
  cptCode: "",
  videoAllowed: true,
  usualSessionsPerYear: "0",
  active: true,
};

/** A service as the form shows it; a CPT code that is just the suggested one is left to follow the suggestion. */
export function valuesOf(service: ClinicServiceView, currency: string): ServiceValues {
  const suggested = cptCodeFor(service.kind, service.minutes);
  return {
    name: service.name,
    minutes: String(service.minutes),
    fee: decimalAmount(service.feeMinor, currency),
    kind: service.kind,
    cptCode: service.cptCode === suggested ? "" : service.cptCode,
    videoAllowed: service.videoAllowed,
    usualSessionsPerYear: String(service.usualSessionsPerYear),
    active: service.active,
  };
}

/** A whole number typed into a field ("53", " 53 "), or null ("53.5", "fifty", ""). */
function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * An amount typed in the clinic's currency as integer minor units ("120", "120.5", "120.50" →
 * 12000, 12050, 12050 for USD), or what is wrong with it, in words a person can act on.
 */
export function readAmount(text: string, currency: string, what = "fee"): { ok: true; minor: number } | { ok: false; message: string } {
  if (!text.trim()) return { ok: false, message: `Give the ${what}, like 120 or 120.50` };
  const minor = parseMoney(text, currency);
  if (minor === null) {
    const digits = minorDigits(currency);
    return {
      ok: false,
      message:
        digits === 0
          ? `Give the ${what} in whole ${currency}, like 120`
          : `Give the ${what} as an amount like 120 or 120.50 (at most ${digits} decimal places)`,
    };
  }
  return { ok: true, minor };
}

/** The CPT code the form would send: the one typed, else the suggestion for its kind and length (while the length is a number). */
export function suggestedCpt(values: Pick<ServiceValues, "kind" | "minutes">): string | null {
  const minutes = wholeNumber(values.minutes);
  return minutes === null ? null : cptCodeFor(values.kind, minutes);
}

/** Turns the form into the server's input, or says what to fix, field by field; the server checks again. */
export function checkService(
  values: ServiceValues,
  currency: string,
): { ok: true; input: ServiceInput } | { ok: false; errors: Partial<Record<ServiceField, string>> } {
  const errors: Partial<Record<ServiceField, string>> = {};
  const minutes = wholeNumber(values.minutes);
  if (minutes === null) errors.minutes = "Give the length in whole minutes, like 53";
  const fee = readAmount(values.fee, currency);
  if (!fee.ok) errors.fee = fee.message;
  const sessions = values.usualSessionsPerYear.trim() === "" ? 0 : wholeNumber(values.usualSessionsPerYear);
  if (sessions === null) errors.usualSessionsPerYear = "Give a whole number of sessions, like 40 (0 if you would rather not say)";

  const input: ServiceInput = {
    name: values.name.trim(),
    minutes: minutes ?? Number.NaN,
    feeMinor: fee.ok ? fee.minor : Number.NaN,
    kind: values.kind,
    ...(values.cptCode.trim() ? { cptCode: values.cptCode.trim() } : {}),
    videoAllowed: values.videoAllowed,
    usualSessionsPerYear: sessions ?? 0,
    active: values.active,
  };
  // The server's own schema, for its own words (at least 16 minutes, a five-digit code…).
  const parsed = createServiceInputSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath(String(issue.path[0] ?? ""));
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input };
}

/** The form field a server input path belongs to ("feeMinor" is typed as "fee"). */
export function fieldOfPath(path: string): ServiceField | undefined {
  const field = path === "feeMinor" ? "fee" : path;
  return SERVICE_FIELDS.find((candidate) => candidate === field);
}
