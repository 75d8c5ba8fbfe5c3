// The identifiers a superbill and a Good Faith Estimate carry: the clinic's tax id (EIN) and the
// National Provider Identifiers of the organisation and of each clinician. An insurer rejects a
// claim with a malformed one, so they are checked as they are entered. Browser-safe.
import { z } from "zod";

/** An EIN as the IRS writes it: two digits, a dash, seven digits. */
export const EIN_PATTERN = /^\d{2}-\d{7}$/;

/**
 * Whether `npi` is ten digits whose last is the Luhn check digit of the first nine prefixed with
 * 80840 (the card issuer prefix of US health identifiers, CMS's "NPI check digit" rule).
 */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const digits = `80840${npi.slice(0, 9)}`;
  let sum = 0;
  // From the rightmost digit of the 14, every other one (starting with it) is doubled.
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10 === Number(npi[9]);
}

/** Empty text is "none" (null), so a form's cleared field removes the value. */
const emptyIsNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : typeof value === "string" ? value.trim() : value);

export const einField = z.preprocess(
  emptyIsNull,
  z.string({ error: "Give the EIN as NN-NNNNNNN, or leave it empty" }).regex(EIN_PATTERN, "Give the EIN as NN-NNNNNNN, like 12-3456789").nullable(),
);

export const npiField = z.preprocess(
  emptyIsNull,
  z
    .string({ error: "Give the NPI as its 10 digits, or leave it empty" })
    .regex(/^\d{10}$/, { error: "An NPI is 10 digits", abort: true })
    .refine(isValidNpi, "That is not a valid NPI: its last digit does not check (mistyped?)")
    .nullable(),
);

export const addressField = z.preprocess(
  emptyIsNull,
  z.string({ error: "Give the address as text, or leave it empty" }).max(300, "An address can be at most 300 characters").nullable(),
);

export const licenceField = z.preprocess(
  emptyIsNull,
  z.string({ error: "Give the licence as text, like LCSW 123456 (NY), or leave it empty" }).max(80, "A licence can be at most 80 characters").nullable(),
);
