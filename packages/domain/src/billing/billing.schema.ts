// What the billing procedures accept and answer. Browser-safe. Amounts are integer minor units
// (cents for USD) of the clinic's one currency; a client formats them with formatMoney.
import { z } from "zod";
import { idOf } from "../record-id";

const MAX_AMOUNT = 100_000_000; // a million dollars in cents: far above any fee, far below 2^31.

/** A positive amount of minor units. */
const positiveAmount = (what: string) =>
  z
    .number({ error: `Give ${what} in cents, as a whole number` })
    .int(`Give ${what} in whole cents`)
    .positive(`${what[0]!.toUpperCase()}${what.slice(1)} must be more than 0`)
    .max(MAX_AMOUNT, `${what[0]!.toUpperCase()}${what.slice(1)} is too large`);

const fee = z
  .number({ error: "Give the fee in cents, as a whole number" })
  .int("Give the fee in whole cents")
  .min(0, "A fee cannot be negative")
  .max(MAX_AMOUNT, "That fee is too large");

const reason = (required: string) => z.string({ error: required }).trim().min(1, required).max(500, "Keep the reason under 500 characters");

export const serviceKindSchema = z.enum(["intake", "individual", "couples", "family", "group"], {
  error: "The kind is intake, individual, couples, family or group",
});

export const clinicServiceSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    minutes: z.number().int(),
    feeMinor: z.number().int(),
    cptCode: z.string(),
    kind: serviceKindSchema,
    videoAllowed: z.boolean(),
    usualSessionsPerYear: z.number().int(),
    active: z.boolean(),
  })
  .meta({ id: "ClinicService" });
export type ClinicServiceView = z.infer<typeof clinicServiceSchema>;

export const serviceFieldsSchema = z.object({
  name: z.string({ error: "Give the service a name" }).trim().min(1, "Give the service a name").max(80, "Names can be at most 80 characters"),
  minutes: z
    .number({ error: "Give the length in minutes" })
    .int("Give the length in whole minutes")
    .min(16, "A session is at least 16 minutes")
    .max(240, "At most 240 minutes"),
  feeMinor: fee,
  /** Left out: the code the kind and length call for (cptCodeFor). */
  cptCode: z
    .string()
    .regex(/^\d{5}$/, "A CPT code is five digits, like 90837")
    .optional(),
  kind: serviceKindSchema,
  videoAllowed: z.boolean().default(true),
  /** The usual number of sessions a year (a Good Faith Estimate's course of care). */
  usualSessionsPerYear: z.number().int("Give a whole number of sessions").min(0).max(366, "At most one a day").default(0),
  active: z.boolean().default(true),
});

export const createServiceInputSchema = serviceFieldsSchema.meta({ id: "ClinicServiceInput" });
export const updateServiceInputSchema = serviceFieldsSchema.extend({ id: idOf("Service id") }).meta({ id: "ClinicServiceUpdate" });
export const listServicesInputSchema = z.object({ includeInactive: z.coerce.boolean().optional() }).optional();

export const quoteInputSchema = z.object({ patientId: idOf("patientId").optional() }).optional();

/** A service as a patient would book it: its own fee, and the fee they would agree to (their own rate, if set). */
export const quotedServiceSchema = clinicServiceSchema
  .pick({ id: true, name: true, minutes: true, kind: true, cptCode: true, videoAllowed: true, feeMinor: true })
  .extend({ agreedFeeMinor: z.number().int(), ownRate: z.boolean() })
  .meta({ id: "QuotedService" });

export const quoteSchema = z
  .object({
    patientId: z.number().int(),
    currency: z.string(),
    /** The service a booking naming none is for (null: the clinic has no individual service). */
    defaultServiceId: z.number().int().nullable(),
    services: z.array(quotedServiceSchema),
  })
  .meta({ id: "Quote" });
export type Quote = z.infer<typeof quoteSchema>;

export const patientInputSchema = z.object({ patientId: idOf("patientId") });

export const patientRateSchema = z.object({ serviceId: z.number().int(), feeMinor: z.number().int(), setAt: z.string() }).meta({ id: "PatientRate" });
export const setPatientRateInputSchema = z
  .object({
    patientId: idOf("patientId"),
    serviceId: idOf("serviceId"),
    /** null removes the patient's own rate (they pay the service's fee again). */
    feeMinor: fee.nullable(),
  })
  .meta({ id: "PatientRateInput" });

export const ledgerEntrySchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(["charge", "fee", "adjustment", "payment", "refund", "reversal"]),
    amountMinor: z.number().int(),
    appointmentId: z.number().int().nullable(),
    paymentId: z.number().int().nullable(),
    reversesId: z.number().int().nullable(),
    reason: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "LedgerEntry" });

export const pendingFeeSchema = z
  .object({
    id: z.number().int(),
    appointmentId: z.number().int(),
    patientId: z.number().int(),
    patientName: z.string(),
    doctorId: z.number().int(),
    doctorName: z.string(),
    sessionStart: z.string(),
    kind: z.enum(["no_show", "late_cancellation"]),
    amountMinor: z.number().int(),
    status: z.enum(["pending", "approved", "waived"]),
    decidedAt: z.string().nullable(),
    reason: z.string().nullable(),
    /** A no-show at the patient's first session: forgiven with one call (forgiveFirstNoShow). */
    firstSession: z.boolean(),
  })
  .meta({ id: "PendingFee" });
export type PendingFeeView = z.infer<typeof pendingFeeSchema>;

export const paymentSchema = z
  .object({
    id: z.number().int(),
    invoiceId: z.number().int().nullable(),
    method: z.enum(["cash", "cheque", "card_elsewhere", "card"]),
    reference: z.string(),
    amountMinor: z.number().int(),
    refundedMinor: z.number().int(),
    receivedAt: z.string(),
  })
  .meta({ id: "Payment" });

export const invoiceSchema = z
  .object({
    id: z.number().int(),
    number: z.string(),
    patientId: z.number().int(),
    patientName: z.string(),
    issuedAt: z.string(),
    totalMinor: z.number().int(),
    paidMinor: z.number().int(),
    paid: z.boolean(),
  })
  .meta({ id: "Invoice" });

export const invoiceLineSchema = z.object({
  entryId: z.number().int(),
  kind: ledgerEntrySchema.shape.kind,
  amountMinor: z.number().int(),
  appointmentId: z.number().int().nullable(),
  sessionStart: z.string().nullable(),
  serviceName: z.string().nullable(),
  cptCode: z.string().nullable(),
  reason: z.string().nullable(),
});

export const invoiceDetailSchema = invoiceSchema.extend({ lines: z.array(invoiceLineSchema), payments: z.array(paymentSchema) }).meta({ id: "InvoiceDetail" });

/**
 * A patient's money as the caller may see it: patients and admins everything; a doctor the
 * balance and the entries and fees of their own sessions (invoices and payments stay empty).
 */
export const billingAccountSchema = z
  .object({
    patientId: z.number().int(),
    currency: z.string(),
    balanceMinor: z.number().int(),
    entries: z.array(ledgerEntrySchema),
    invoices: z.array(invoiceSchema),
    payments: z.array(paymentSchema),
    fees: z.array(pendingFeeSchema),
  })
  .meta({ id: "BillingAccount" });
export type BillingAccount = z.infer<typeof billingAccountSchema>;

export const accountInputSchema = z.object({ patientId: idOf("patientId").optional() }).optional();

export const listFeesInputSchema = z
  .object({
    status: z.enum(["pending", "approved", "waived"]).optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
  })
  .optional();

export const decideFeeInputSchema = z.object({ id: idOf("Fee id"), reason: z.string().trim().max(500, "Keep the reason under 500 characters").optional() });
export const waiveFeeInputSchema = z.object({ id: idOf("Fee id"), reason: reason("Say why the fee is waived") });
export const feeIdInputSchema = z.object({ id: idOf("Fee id") });

export const adjustmentInputSchema = z
  .object({
    patientId: idOf("patientId"),
    /** Negative lowers what the patient owes (a discount, a write-off); positive raises it. */
    amountMinor: z
      .number({ error: "Give the amount in cents, as a whole number" })
      .int("Give the amount in whole cents")
      .min(-MAX_AMOUNT, "That amount is too large")
      .max(MAX_AMOUNT, "That amount is too large")
      .refine((n) => n !== 0, "An adjustment of 0 changes nothing"),
    reason: reason("Say why (a discount, a write-off…)"),
  })
  .meta({ id: "AdjustmentInput" });

export const reverseEntryInputSchema = z.object({ id: idOf("Entry id"), reason: reason("Say why the entry is reversed") });

export const issueInvoiceInputSchema = z.object({ patientId: idOf("patientId") }).meta({ id: "IssueInvoiceInput" });
export const invoiceInputSchema = z.object({ id: idOf("Invoice id") });

export const recordPaymentInputSchema = z
  .object({
    patientId: idOf("patientId"),
    invoiceId: idOf("invoiceId").optional(),
    /** By hand: card payments come through Stripe. */
    method: z.enum(["cash", "cheque", "card_elsewhere"], { error: "The method is cash, cheque or card_elsewhere" }),
    reference: z.string().trim().max(120, "Keep the reference under 120 characters").default(""),
    amountMinor: positiveAmount("the amount"),
    /** When the money came in; now when left out. */
    receivedAt: z.iso.datetime({ offset: true, error: "Give receivedAt as an ISO-8601 time with its offset" }).optional(),
  })
  .meta({ id: "RecordPaymentInput" });

export const refundInputSchema = z
  .object({ id: idOf("Payment id"), amountMinor: positiveAmount("the refund"), reason: reason("Say why the payment is refunded") })
  .meta({ id: "RefundInput" });

export const idOutputSchema = z.object({ id: z.number().int() });

export const agingBucketsSchema = z.object({
  days0to30: z.number().int(),
  days31to60: z.number().int(),
  days61to90: z.number().int(),
  over90: z.number().int(),
});

export const receivablesSchema = z
  .object({
    currency: z.string(),
    asOf: z.string(),
    totals: agingBucketsSchema.extend({ balanceMinor: z.number().int() }),
    patients: z.array(agingBucketsSchema.extend({ patientId: z.number().int(), patientName: z.string(), balanceMinor: z.number().int() })),
  })
  .meta({ id: "Receivables" });
export type Receivables = z.infer<typeof receivablesSchema>;
