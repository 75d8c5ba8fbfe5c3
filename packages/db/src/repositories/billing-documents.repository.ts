// What billing documents are made of beyond the ledger: the patient's postal address and monthly
// superbill switch, the sessions a superbill lists (paid ones), the Good Faith Estimates as issued
// and the monthly superbills issued. What goes on each document is the domain's.
import { sql } from "kysely";
import type { Db } from "./db";

export interface BillingDetails {
  postalAddress: string | null;
  monthlySuperbill: boolean;
}

export async function billingDetailsOf(db: Db, patientId: number): Promise<BillingDetails> {
  const row = await db
    .selectFrom("patient_billing_details")
    .select(["postal_address", "monthly_superbill"])
    .where("patient_id", "=", patientId)
    .executeTakeFirst();
  return { postalAddress: row?.postal_address ?? null, monthlySuperbill: Number(row?.monthly_superbill ?? 0) === 1 };
}

export async function saveBillingDetails(db: Db, patientId: number, details: BillingDetails, at: string): Promise<void> {
  const values = { postal_address: details.postalAddress, monthly_superbill: details.monthlySuperbill ? 1 : 0, updated_at: at };
  await db
    .insertInto("patient_billing_details")
    .values({ patient_id: patientId, ...values })
    .onConflict((oc) => oc.column("patient_id").doUpdateSet(values))
    .execute();
}

/** A session's charge, the invoice it is on and what has been paid of that invoice. */
export interface ChargedSession {
  appointmentId: number;
  startTime: string;
  doctorId: number;
  cptCode: string | null;
  serviceName: string | null;
  chargedMinor: number;
  invoiceTotalMinor: number | null;
  invoicePaidMinor: number;
  /** Whether its video room was ever entered: the session was held by video. */
  byVideo: boolean;
}

/** The patient's charged sessions starting in [from, to), not reversed, oldest first. */
export async function chargedSessionsOf(db: Db, patientId: number, from: string, to: string): Promise<ChargedSession[]> {
  const rows = await db
    .selectFrom("ledger_entries as l")
    .innerJoin("appointments as a", "a.id", "l.appointment_id")
    .leftJoin("clinic_services as s", "s.id", "a.service_id")
    .leftJoin("invoice_items as i", "i.entry_id", "l.id")
    .leftJoin("invoices as v", "v.id", "i.invoice_id")
    .select((eb) => [
      "a.id",
      "a.start_time",
      "a.doctor_id",
      "s.cpt_code",
      "s.name",
      "l.amount_minor",
      "v.total_minor",
      eb
        .selectFrom("ledger_entries as p")
        .innerJoin("payments as pay", "pay.id", "p.payment_id")
        .select(sql<number>`coalesce(-sum(p.amount_minor), 0)`.as("paid"))
        .whereRef("pay.invoice_id", "=", "v.id")
        .as("paid"),
      eb.exists(eb.selectFrom("visits as vi").select("vi.id").whereRef("vi.appointment_id", "=", "a.id").where("vi.started_at", "is not", null)).as("by_video"),
    ])
    .where("l.patient_id", "=", patientId)
    .where("l.kind", "=", "charge")
    .where("a.start_time", ">=", from)
    .where("a.start_time", "<", to)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("ledger_entries as r").select("r.id").whereRef("r.reverses_id", "=", "l.id"))))
    .orderBy("a.start_time")
    .orderBy("a.id")
    .execute();
  return rows.map((row) => ({
    appointmentId: row.id,
    startTime: row.start_time,
    doctorId: row.doctor_id,
    cptCode: row.cpt_code,
    serviceName: row.name,
    chargedMinor: Number(row.amount_minor),
    invoiceTotalMinor: row.total_minor === null ? null : Number(row.total_minor),
    invoicePaidMinor: Number(row.paid ?? 0),
    byVideo: Boolean(Number(row.by_video)),
  }));
}

/** The services a patient has booked sessions of from `from` on (not cancelled), with the doctors who hold them. */
export async function bookedServicesOf(db: Db, patientId: number, from: string): Promise<{ serviceId: number; doctorId: number }[]> {
  return (
    await db
      .selectFrom("appointments")
      .select(["service_id", "doctor_id"])
      .distinct()
      .where("patient_id", "=", patientId)
      .where("status", "=", "scheduled")
      .where("start_time", ">=", from)
      .where("service_id", "is not", null)
      .orderBy("service_id")
      .orderBy("doctor_id")
      .execute()
  ).map((row) => ({ serviceId: row.service_id!, doctorId: row.doctor_id }));
}

/**
 * Up to `limit` patients, lowest id first, who may need a new Good Faith Estimate: a session to
 * come of a priced service, and no look at their estimate yet, or a booking, a rate or a service's
 * price newer than the last look (estimate_reviews).
 */
export async function estimateCandidates(db: Db, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom("appointments as a")
    .innerJoin("clinic_services as s", "s.id", "a.service_id")
    .leftJoin("patient_rates as r", (join) => join.onRef("r.patient_id", "=", "a.patient_id").onRef("r.service_id", "=", "a.service_id"))
    .leftJoin("estimate_reviews as v", "v.patient_id", "a.patient_id")
    .select("a.patient_id")
    .distinct()
    .where("a.status", "=", "scheduled")
    .where("a.start_time", ">=", now)
    .where((eb) =>
      eb.or([
        eb("v.reviewed_at", "is", null),
        eb("a.created_at", ">", eb.ref("v.reviewed_at")),
        eb("s.updated_at", ">", eb.ref("v.reviewed_at")),
        eb("r.set_at", ">", eb.ref("v.reviewed_at")),
      ]),
    )
    .orderBy("a.patient_id")
    .limit(limit)
    .execute();
  return rows.map((row) => row.patient_id);
}

export interface EstimateSummary {
  id: number;
  patientId: number;
  issuedAt: string;
  reason: "first_booking" | "changed";
  totalMinor: number;
  currency: string;
}

export async function insertEstimate(db: Db, estimate: Omit<EstimateSummary, "id"> & { basis: string; content: string }): Promise<number> {
  const row = await db
    .insertInto("good_faith_estimates")
    .values({
      patient_id: estimate.patientId,
      issued_at: estimate.issuedAt,
      reason: estimate.reason,
      basis: estimate.basis,
      content: estimate.content,
      total_minor: estimate.totalMinor,
      currency: estimate.currency,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A patient's estimates, newest first. */
export async function estimatesOf(db: Db, patientId: number): Promise<EstimateSummary[]> {
  const rows = await db
    .selectFrom("good_faith_estimates")
    .select(["id", "patient_id", "issued_at", "reason", "total_minor", "currency"])
    .where("patient_id", "=", patientId)
    .orderBy("issued_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    patientId: row.patient_id,
    issuedAt: row.issued_at,
    reason: row.reason,
    totalMinor: Number(row.total_minor),
    currency: row.currency,
  }));
}

export async function latestEstimateBasis(db: Db, patientId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom("good_faith_estimates")
    .select("basis")
    .where("patient_id", "=", patientId)
    .orderBy("issued_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.basis;
}

export async function findEstimate(db: Db, id: number): Promise<{ id: number; patientId: number; content: string } | undefined> {
  const row = await db.selectFrom("good_faith_estimates").select(["id", "patient_id", "content"]).where("id", "=", id).executeTakeFirst();
  return row && { id: row.id, patientId: row.patient_id, content: row.content };
}

/** Patients who asked for a monthly superbill. */
export async function monthlySuperbillPatients(db: Db): Promise<number[]> {
  const rows = await db.selectFrom("patient_billing_details").select("patient_id").where("monthly_superbill", "=", 1).execute();
  return rows.map((row) => row.patient_id);
}

/** Records a monthly superbill as issued; false when it already was (another instance, an earlier sweep). */
export async function markSuperbillIssued(db: Db, superbill: { patientId: number; from: string; to: string; issuedAt: string }): Promise<boolean> {
  const result = await db
    .insertInto("issued_superbills")
    .values({ patient_id: superbill.patientId, period_from: superbill.from, period_to: superbill.to, issued_at: superbill.issuedAt })
    .onConflict((oc) => oc.columns(["patient_id", "period_from", "period_to"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function issuedSuperbillsOf(db: Db, patientId: number): Promise<{ id: number; from: string; to: string; issuedAt: string }[]> {
  const rows = await db
    .selectFrom("issued_superbills")
    .select(["id", "period_from", "period_to", "issued_at"])
    .where("patient_id", "=", patientId)
    .orderBy("period_from", "desc")
    .execute();
  return rows.map((row) => ({ id: row.id, from: row.period_from, to: row.period_to, issuedAt: row.issued_at }));
}

export async function superbillWasIssued(db: Db, patientId: number, from: string, to: string): Promise<boolean> {
  const row = await db
    .selectFrom("issued_superbills")
    .select("id")
    .where("patient_id", "=", patientId)
    .where("period_from", "=", from)
    .where("period_to", "=", to)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a look at the patient's estimate (whether or not it issued one): the sweep looks again only after a later change. */
export async function markEstimateReviewed(db: Db, patientId: number, at: string): Promise<void> {
  await db
    .insertInto("estimate_reviews")
    .values({ patient_id: patientId, reviewed_at: at })
    .onConflict((conflict) => conflict.column("patient_id").doUpdateSet({ reviewed_at: at }))
    .execute();
}
