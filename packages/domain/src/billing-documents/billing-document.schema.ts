// What the billing-document procedures and downloads accept and answer. Browser-safe.
import { z } from "zod";
import { parseCalendarDate } from "../appointments/slots";
import { idOf } from "../record-id";
import { addressField } from "./identifiers";

const calendarDate = (what: string) =>
  z
    .string({ error: `Give the ${what} date as YYYY-MM-DD` })
    .refine((value) => parseCalendarDate(value) !== undefined, `Give the ${what} date as YYYY-MM-DD, a real day`);

/** The longest range one superbill covers: five years of visits is more than any insurer asks for. */
const MAX_RANGE_DAYS = 5 * 366;

export const superbillRangeSchema = z
  .object({ from: calendarDate("first"), to: calendarDate("last") })
  .refine((range) => range.from <= range.to, { message: "The range must end on or after its first day", path: ["to"] })
  .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= MAX_RANGE_DAYS * 86_400_000, {
    message: "A superbill covers at most five years",
    path: ["to"],
  });

export const patientIdInputSchema = z.object({ patientId: idOf("patientId") });

export const billingDetailsSchema = z
  .object({
    postalAddress: z.string().nullable().describe("As printed on superbills and estimates; lines split by newlines"),
    monthlySuperbill: z.boolean().describe("Whether a superbill of each month's paid visits is issued when the month ends"),
  })
  .meta({ id: "BillingDetails" });
export type BillingDetailsView = z.infer<typeof billingDetailsSchema>;

export const saveBillingDetailsInputSchema = z
  .object({ patientId: idOf("patientId"), postalAddress: addressField, monthlySuperbill: z.boolean({ error: "Say true or false" }) })
  .meta({ id: "SaveBillingDetailsInput" });

export const estimateSummarySchema = z
  .object({
    id: z.number().int(),
    issuedAt: z.string(),
    reason: z.enum(["first_booking", "changed"]),
    totalMinor: z.number().int(),
    currency: z.string(),
  })
  .meta({ id: "GoodFaithEstimateSummary" });
