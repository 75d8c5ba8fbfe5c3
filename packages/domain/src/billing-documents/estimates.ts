// Good Faith Estimates (No Surprises Act, 45 CFR 149.610): every patient here pays for themselves
// (Halcyon bills no insurer), so each is issued one when they first book a priced service, and a
// new one when what they can expect changes (a new service booked, their rate or a service's fee
// changed). The sweep that issues them runs every minute (well within the rule's one business
// day); each estimate is kept as issued, shown in the app, emailed through the outbox, and its
// issue is on the audit chain.
import {
  bookedServicesOf,
  estimateCandidates,
  findClinicService,
  holdPatientLedger,
  insertEstimate,
  latestEstimateBasis,
  listDiagnoses,
  markEstimateReviewed,
  patientRateFor,
  type ClinicService,
} from "@halcyon/db";
import { setImmediate } from "node:timers/promises";
import { recordAudit } from "../audit/audit";
import { calendarDateIn } from "../appointments/slots";
import type { ClinicServices } from "../context";
import { enqueueNotices } from "../notices/outbox";
import type { ClinicianOnPaper, EstimateItem, GoodFaithEstimateInput } from "./document-inputs";
import { clinicOnPaper, cliniciansOnPaper, patientOnPaper } from "./on-paper";
import { codesAt } from "./superbills";
import { describeIcd10 } from "../diagnoses/diagnoses";

type EstimateServices = Pick<ClinicServices, "db" | "config" | "now" | "audit">;

/** The estimate covers the course of care from its day for twelve months (the rule's longest). */
function twelveMonthsFrom(date: string): string {
  const end = new Date(`${date}T00:00:00Z`);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

interface Planned {
  service: ClinicService;
  doctorId: number;
  feeMinor: number;
}

/** What the patient can expect: each service they have booked from now, with whom, at their fee now (their rate, else the service's). */
async function plannedCare(services: EstimateServices, patientId: number, now: string): Promise<Planned[]> {
  const booked = await bookedServicesOf(services.db, patientId, now);
  const planned = await Promise.all(
    booked.map(async ({ serviceId, doctorId }) => {
      const service = await findClinicService(services.db, serviceId);
      if (!service) return undefined;
      const rate = await patientRateFor(services.db, patientId, serviceId);
      return { service, doctorId, feeMinor: rate ?? service.feeMinor };
    }),
  );
  return planned.filter((item): item is Planned => item !== undefined);
}

/** What an estimate is made from: a new one is issued only when this differs from the last one's. */
function basisOf(planned: Planned[]): string {
  return JSON.stringify(planned.map(({ service, doctorId, feeMinor }) => [service.id, doctorId, feeMinor, service.usualSessionsPerYear]));
}

function estimateOf(
  services: EstimateServices,
  input: {
    issuedAt: string;
    planned: Planned[];
    patient: GoodFaithEstimateInput["patient"];
    providers: Map<number, ClinicianOnPaper>;
    diagnoses: { code: string; description: string }[];
  },
): Omit<GoodFaithEstimateInput, "id"> {
  const clinic = clinicOnPaper(services);
  const from = calendarDateIn(new Date(input.issuedAt), clinic.timeZone);
  const items: EstimateItem[] = input.planned.map(({ service, doctorId, feeMinor }) => {
    const sessions = Math.max(1, service.usualSessionsPerYear);
    return {
      service: service.name,
      cptCode: service.cptCode,
      clinician: input.providers.get(doctorId)?.name ?? "",
      sessions,
      unitFeeMinor: feeMinor,
      totalMinor: feeMinor * sessions,
    };
  });
  const video = input.planned.some(({ service }) => service.videoAllowed);
  const place = clinic.address ? clinic.address.replace(/\n+/g, ", ") : clinic.name;
  return {
    clinic,
    patient: input.patient,
    issuedAt: input.issuedAt,
    from,
    to: twelveMonthsFrom(from),
    location: video ? `${place}; or by secure video, wherever the patient is` : place,
    providers: [...input.providers.values()],
    diagnoses: input.diagnoses,
    items,
    totalMinor: items.reduce((sum, item) => sum + item.totalMinor, 0),
  };
}

/**
 * Issues the patient a new estimate if what they can expect changed since their last one; answers
 * its id, or null. Either way the look is recorded, as of its start: the sweep looks at them again
 * only after a later booking, rate or price.
 */
export async function issueEstimateIfChanged(services: EstimateServices, patientId: number): Promise<number | null> {
  const lookedAt = services.now().toISOString();
  const id = await issueIfChanged(services, patientId, lookedAt);
  await markEstimateReviewed(services.db, patientId, lookedAt);
  return id;
}

async function issueIfChanged(services: EstimateServices, patientId: number, issuedAt: string): Promise<number | null> {
  const planned = await plannedCare(services, patientId, issuedAt);
  if (planned.length === 0) return null;
  const basis = basisOf(planned);
  const previous = await latestEstimateBasis(services.db, patientId);
  if (previous === basis) return null;
  const [patient, providers, diagnoses] = await Promise.all([
    patientOnPaper(services.db, patientId),
    cliniciansOnPaper(
      services.db,
      planned.map((item) => item.doctorId),
    ),
    listDiagnoses(services.db, patientId),
  ]);
  return services.db.transaction().execute(async (trx) => {
    // One instance issues it: the patient's money lock, then the check again under it.
    await holdPatientLedger(trx, patientId);
    if ((await latestEstimateBasis(trx, patientId)) !== previous) return null;
    // Kept whole, without its id (the row's): what the patient was told, as it was.
    const draft = estimateOf(services, {
      issuedAt,
      planned,
      patient,
      providers,
      diagnoses: codesAt(diagnoses, issuedAt).map((code) => ({ code, description: describeIcd10(code) })),
    });
    const id = await insertEstimate(trx, {
      patientId,
      issuedAt,
      reason: previous === undefined ? "first_booking" : "changed",
      basis,
      content: JSON.stringify(draft),
      totalMinor: draft.totalMinor,
      currency: draft.clinic.currency,
    });
    await enqueueNotices(services, trx, [{ kind: "billing_document_ready", userId: patientId, params: { document: "estimate" }, dedupeKey: `estimate:${id}` }]);
    await recordAudit(
      services,
      {
        actorId: null,
        action: "billing.estimate_issue",
        outcome: "success",
        targetType: "patient",
        targetId: patientId,
        details: { estimateId: id, totalMinor: draft.totalMinor, emailed: true },
      },
      trx,
    );
    return id;
  });
}

/**
 * How many patients one sweep looks at. A service's new fee makes every patient booked for it due
 * at once (thousands in a large clinic, a few milliseconds each): a sweep a minute at this many
 * still issues 20,000 estimates within the hour, far inside the rule's business day, and the
 * server's requests are served between patients.
 */
export const ESTIMATES_PER_SWEEP = 500;

/** The patients whose bookings, rates or fees changed since their last estimate are looked at, up to ESTIMATES_PER_SWEEP of them; answers how many. */
export async function issueDueEstimates(services: EstimateServices): Promise<number> {
  const candidates = await estimateCandidates(services.db, services.now().toISOString(), ESTIMATES_PER_SWEEP);
  for (const [index, patientId] of candidates.entries()) {
    // On SQLite every query holds the event loop: the requests waiting are served between patients.
    if (index > 0) await setImmediate();
    await issueEstimateIfChanged(services, patientId);
  }
  return candidates.length;
}
