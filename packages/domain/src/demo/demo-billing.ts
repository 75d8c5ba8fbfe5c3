// The demo clinic's money: the landing page's four services (and family counseling and an
// intake) with sensible fees, and enough on the books that the Billing screens show something:
// Alex's sessions charged, one invoice paid and one open; Sam's missed first session waiting for
// a decision on its fee; Riley on a sliding-scale rate.
import {
  insertClinicService,
  insertInvoice,
  insertLedgerEntry,
  insertPayment,
  insertPendingFee,
  nextInvoiceCounter,
  setPatientRate,
  type Database,
  type ServiceKind,
  type Transaction,
} from "@halcyon/db";
import { cptCodeFor } from "../billing/cpt";
import { invoiceNumber } from "../billing/invoices";
import { percentOf } from "../billing/money";
import type { BillingConfig } from "../config";

const DEMO_SERVICES = {
  intake: { name: "Initial consultation", minutes: 60, feeMinor: 20_000, kind: "intake", usualSessionsPerYear: 1 },
  // First of the 53-minute individual services: the default of a booking that names none.
  individual: { name: "Individual Therapy", minutes: 53, feeMinor: 15_000, kind: "individual", usualSessionsPerYear: 40 },
  couples: { name: "Couples Therapy", minutes: 53, feeMinor: 18_000, kind: "couples", usualSessionsPerYear: 24 },
  trauma: { name: "PTSD & Trauma Care", minutes: 53, feeMinor: 17_000, kind: "individual", usualSessionsPerYear: 40 },
  mindfulness: { name: "Mindfulness & Wellness", minutes: 45, feeMinor: 12_000, kind: "individual", usualSessionsPerYear: 12 },
  family: { name: "Family Counseling", minutes: 53, feeMinor: 18_000, kind: "family", usualSessionsPerYear: 20 },
  mindfulnessGroup: { name: "Mindfulness Group", minutes: 60, feeMinor: 6_000, kind: "group", usualSessionsPerYear: 12 },
} as const satisfies Record<string, { name: string; minutes: number; feeMinor: number; kind: ServiceKind; usualSessionsPerYear: number }>;

export type DemoServiceKey = keyof typeof DEMO_SERVICES;
export type DemoServices = Record<DemoServiceKey, { serviceId: number; feeMinor: number }>;

export async function seedDemoServices(trx: Transaction<Database>, at: string): Promise<DemoServices> {
  const ids = {} as DemoServices;
  for (const [key, service] of Object.entries(DEMO_SERVICES) as [DemoServiceKey, (typeof DEMO_SERVICES)[DemoServiceKey]][]) {
    const serviceId = await insertClinicService(trx, { ...service, cptCode: cptCodeFor(service.kind, service.minutes), videoAllowed: true, active: true }, at);
    ids[key] = { serviceId, feeMinor: service.feeMinor };
  }
  return ids;
}

/** A sliding-scale rate: Riley pays less for individual therapy. */
export async function seedDemoRate(trx: Transaction<Database>, patientId: number, services: DemoServices, at: string): Promise<void> {
  await setPatientRate(trx, { patientId, serviceId: services.individual.serviceId, feeMinor: 9_000, setBy: null, setAt: at });
}

interface ChargedSession {
  id: number;
  feeMinor: number;
  /** When it ended: the charge's time. */
  endedAt: string;
}

/** Alex's completed sessions charged; the first four invoiced and paid by card at the front desk, the rest on an open invoice. */
export async function seedDemoLedger(
  trx: Transaction<Database>,
  billing: BillingConfig,
  { patientId, sessions, adminId }: { patientId: number; sessions: ChargedSession[]; adminId: number },
): Promise<void> {
  const entryIds: number[] = [];
  for (const session of sessions) {
    entryIds.push(
      await insertLedgerEntry(trx, {
        patientId,
        kind: "charge",
        amountMinor: session.feeMinor,
        currency: billing.currency,
        appointmentId: session.id,
        paymentId: null,
        reversesId: null,
        reason: null,
        createdBy: null,
        createdAt: session.endedAt,
      }),
    );
  }
  const invoice = async (from: number, to: number) => {
    const lines = sessions.slice(from, to);
    const issuedAt = lines.at(-1)!.endedAt;
    const totalMinor = lines.reduce((sum, session) => sum + session.feeMinor, 0);
    const id = await insertInvoice(trx, {
      number: invoiceNumber(await nextInvoiceCounter(trx)),
      patientId,
      currency: billing.currency,
      issuedAt,
      totalMinor,
      issuedBy: adminId,
      entryIds: entryIds.slice(from, to),
    });
    return { id, issuedAt, totalMinor };
  };
  const paid = await invoice(0, 4);
  const paymentId = await insertPayment(trx, {
    patientId,
    invoiceId: paid.id,
    method: "card_elsewhere",
    reference: "Front desk terminal, Visa ending 4242",
    amountMinor: paid.totalMinor,
    currency: billing.currency,
    receivedAt: paid.issuedAt,
    recordedBy: adminId,
    stripePaymentIntentId: null,
    createdAt: paid.issuedAt,
  });
  await insertLedgerEntry(trx, {
    patientId,
    kind: "payment",
    amountMinor: -paid.totalMinor,
    currency: billing.currency,
    appointmentId: null,
    paymentId,
    reversesId: null,
    reason: null,
    createdBy: adminId,
    createdAt: paid.issuedAt,
  });
  await invoice(4, sessions.length);
}

/** A missed first session's fee, waiting for its doctor (forgivable in one click). */
export async function seedDemoNoShowFee(
  trx: Transaction<Database>,
  billing: BillingConfig,
  session: { id: number; patientId: number; feeMinor: number; endedAt: string },
): Promise<void> {
  if (billing.noShowFeePercent === null) return;
  const amountMinor = percentOf(session.feeMinor, billing.noShowFeePercent);
  if (amountMinor > 0)
    await insertPendingFee(trx, { appointmentId: session.id, patientId: session.patientId, kind: "no_show", amountMinor, createdAt: session.endedAt });
}
