// The clinic's money, over tRPC and REST (/api/billing/…). Roles (issue 35, item 8): patients
// their own money; doctors their patients' balances and the charges and fees of their own
// sessions, deciding those fees; admins everything, and alone the services, rates, payments by
// hand, refunds, adjustments, invoices and receivables. The receivables' CSV is a plain download
// (GET /api/billing/receivables.csv, apps/api/src/routes/admin-downloads.ts).
import { z } from "zod";
import { authedProcedure, roleProcedure, router } from "../trpc";
import { billingAccount, readInvoice } from "./account";
import { adjust, issue, recordPaymentByHand, refundByHand, reverse } from "./admin-money";
import {
  accountInputSchema,
  adjustmentInputSchema,
  billingAccountSchema,
  clinicServiceSchema,
  createServiceInputSchema,
  decideFeeInputSchema,
  feeIdInputSchema,
  idOutputSchema,
  invoiceDetailSchema,
  invoiceInputSchema,
  issueInvoiceInputSchema,
  listFeesInputSchema,
  listServicesInputSchema,
  patientInputSchema,
  patientRateSchema,
  quoteInputSchema,
  quoteSchema,
  paymentSchema,
  pendingFeeSchema,
  receivablesSchema,
  recordPaymentInputSchema,
  refundInputSchema,
  reverseEntryInputSchema,
  setPatientRateInputSchema,
  updateServiceInputSchema,
  waiveFeeInputSchema,
} from "./billing.schema";
import { createService, listServices, ratesOf, setRate, updateService } from "./clinic-services";
import { approve, forgive, listFees, waive } from "./fee-decisions";
import { quote } from "./quote";
import { readReceivables } from "./receivables";

const adminProcedure = roleProcedure("admin");
const staffProcedure = roleProcedure("doctor", "admin");
const tags = ["billing"];

export const billingRouter = router({
  services: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/billing/services",
        tags,
        summary: "The clinic's services with their fees and CPT codes (admins may include retired ones)",
        protect: true,
      },
    })
    .input(listServicesInputSchema)
    .output(z.array(clinicServiceSchema))
    .query(({ ctx, input }) => listServices(ctx, input?.includeInactive)),

  createService: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/billing/services",
        tags,
        summary: "Add a service; its CPT code follows its kind and length unless given",
        protect: true,
      },
    })
    .input(createServiceInputSchema)
    .output(clinicServiceSchema)
    .mutation(({ ctx, input }) => createService(ctx, input)),

  updateService: adminProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/billing/services/{id}",
        tags,
        summary: "Change a service (sessions already booked keep the fee agreed)",
        protect: true,
      },
    })
    .input(updateServiceInputSchema)
    .output(clinicServiceSchema)
    .mutation(({ ctx, input }) => updateService(ctx, input)),

  quote: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/billing/quote",
        tags,
        summary: "What a session of each active service would cost a patient: the fee a booking would agree to (their own rate, if set)",
        description:
          "Patients ask for themselves (patientId left out or their own). Doctors name a patient in their care; admins any patient. defaultServiceId is the service a booking naming none is for.",
        protect: true,
      },
    })
    .input(quoteInputSchema)
    .output(quoteSchema)
    .query(({ ctx, input }) => quote(ctx, input?.patientId)),

  patientRates: adminProcedure
    .meta({ openapi: { method: "GET", path: "/billing/patients/{patientId}/rates", tags, summary: "A patient's own rates (sliding scale)", protect: true } })
    .input(patientInputSchema)
    .output(z.array(patientRateSchema))
    .query(({ ctx, input }) => ratesOf(ctx, input.patientId)),

  setPatientRate: adminProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/billing/patients/{patientId}/rates/{serviceId}",
        tags,
        summary: "Set (or with null remove) a patient's own fee for a service; their later bookings are agreed at it",
        protect: true,
      },
    })
    .input(setPatientRateInputSchema)
    .output(z.array(patientRateSchema))
    .mutation(({ ctx, input }) => setRate(ctx, input)),

  account: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/billing/account",
        tags,
        summary: "A patient's balance, entries, invoices, payments and fees",
        description:
          "Patients read their own (patientId left out or their own). Doctors name a patient in their care and see the balance and the charges and fees of their own sessions. Admins see everything.",
        protect: true,
      },
    })
    .input(accountInputSchema)
    .output(billingAccountSchema)
    .query(({ ctx, input }) => billingAccount(ctx, input?.patientId)),

  invoice: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/billing/invoices/{id}",
        tags,
        summary: "An invoice with its lines and payments (its patient and admins)",
        protect: true,
      },
    })
    .input(invoiceInputSchema)
    .output(invoiceDetailSchema)
    .query(({ ctx, input }) => readInvoice(ctx, input.id)),

  issueInvoice: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/billing/invoices",
        tags,
        summary: "Invoice everything a patient has not been invoiced for, under a new number",
        protect: true,
      },
    })
    .input(issueInvoiceInputSchema)
    .output(idOutputSchema)
    .mutation(({ ctx, input }) => issue(ctx, input)),

  fees: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/billing/fees",
        tags,
        summary: "No-show and late-cancellation fees (doctors: of their own sessions), newest first",
        protect: true,
      },
    })
    .input(listFeesInputSchema)
    .output(z.array(pendingFeeSchema))
    .query(({ ctx, input }) => listFees(ctx, input ?? {})),

  approveFee: staffProcedure
    .meta({ openapi: { method: "POST", path: "/billing/fees/{id}/approve", tags, summary: "Approve a pending fee: the patient owes it", protect: true } })
    .input(decideFeeInputSchema)
    .output(pendingFeeSchema)
    .mutation(({ ctx, input }) => approve(ctx, input)),

  waiveFee: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/billing/fees/{id}/waive",
        tags,
        summary: "Waive a fee with a reason (not once it is paid: refund instead)",
        protect: true,
      },
    })
    .input(waiveFeeInputSchema)
    .output(pendingFeeSchema)
    .mutation(({ ctx, input }) => waive(ctx, input)),

  forgiveFirstNoShow: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/billing/fees/{id}/forgive",
        tags,
        summary: "Forgive a no-show at the patient's first session, in one step",
        protect: true,
      },
    })
    .input(feeIdInputSchema)
    .output(pendingFeeSchema)
    .mutation(({ ctx, input }) => forgive(ctx, input)),

  addAdjustment: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/billing/adjustments",
        tags,
        summary: "Add an adjustment (negative: a discount or write-off) with a reason",
        protect: true,
      },
    })
    .input(adjustmentInputSchema)
    .output(idOutputSchema)
    .mutation(({ ctx, input }) => adjust(ctx, input)),

  reverseEntry: adminProcedure
    .meta({ openapi: { method: "POST", path: "/billing/entries/{id}/reverse", tags, summary: "Reverse a charge or adjustment with a reason", protect: true } })
    .input(reverseEntryInputSchema)
    .output(idOutputSchema)
    .mutation(({ ctx, input }) => reverse(ctx, input)),

  recordPayment: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/billing/payments",
        tags,
        summary: "Record a payment taken by hand: cash, a cheque, or a card taken elsewhere",
        protect: true,
      },
    })
    .input(recordPaymentInputSchema)
    .output(paymentSchema)
    .mutation(({ ctx, input }) => recordPaymentByHand(ctx, input)),

  refundPayment: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/billing/payments/{id}/refund",
        tags,
        summary: "Refund part or all of a payment (never more than is left of it)",
        protect: true,
      },
    })
    .input(refundInputSchema)
    .output(idOutputSchema)
    .mutation(({ ctx, input }) => refundByHand(ctx, input)),

  receivables: adminProcedure
    .meta({ openapi: { method: "GET", path: "/billing/receivables", tags, summary: "Who owes what, aged 0–30, 31–60, 61–90 and over 90 days", protect: true } })
    .input(z.void())
    .output(receivablesSchema)
    .query(({ ctx }) => readReceivables(ctx)),
});
