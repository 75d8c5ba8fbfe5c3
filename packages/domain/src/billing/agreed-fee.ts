// The fee a booking agrees to: the patient's own rate for the service if an admin set one (sliding
// scale), else the service's fee, as they stand at that moment. The appointment keeps it
// (appointments.fee_minor), so a later price change never rewrites what was agreed. The quote a
// patient sees before booking (quote.ts) asks the same rule, so what they are shown is what they agree to.
import { defaultIndividualService, findClinicService, patientRateFor, type ClinicService, type Db } from "@halcyon/db";
import { AppError } from "../errors";
import { COUPLE_KINDS, GROUP_KINDS, ONE_PATIENT_KINDS, type ServiceKind } from "./cpt";

export interface AgreedFee {
  serviceId: number | null;
  /** The service's name, for the booking's answer (null with no service). */
  serviceName: string | null;
  feeMinor: number | null;
}

/** The one rule: the patient's own rate for the service, if set, else the service's fee. */
export function feeAgreedFor(service: Pick<ClinicService, "feeMinor">, ownRateMinor: number | undefined): number {
  return ownRateMinor ?? service.feeMinor;
}

/** The services each kind of session may be booked for (a couple's fee is agreed once, by the patient who books). */
const KINDS_OF: Record<SessionOf, readonly ServiceKind[]> = { one: ONE_PATIENT_KINDS, couple: COUPLE_KINDS, group: GROUP_KINDS };
type SessionOf = "one" | "couple" | "group";

/**
 * The service and fee of a booking. A booking that names no service (the specification's client
 * knows nothing of services) is for the clinic's default individual service: its active
 * individual service closest to the 60-minute session. A clinic with no services books unpriced
 * sessions, as before.
 */
export async function agreedFee(db: Db, patientId: number, serviceId: number | undefined, session: SessionOf = "one"): Promise<AgreedFee> {
  if (session !== "one" && serviceId === undefined)
    throw new AppError("INVALID_INPUT", `Choose the ${session === "couple" ? "couples" : "group"} service the session is for (serviceId).`);
  const service = serviceId === undefined ? await defaultIndividualService(db) : await findClinicService(db, serviceId);
  if (serviceId !== undefined && (!service || !service.active)) throw new AppError("INVALID_INPUT", "Choose one of the clinic's services (serviceId).");
  if (!service) return { serviceId: null, serviceName: null, feeMinor: null };
  if (!KINDS_OF[session].includes(service.kind)) {
    throw new AppError(
      "INVALID_INPUT",
      session === "one"
        ? `${service.name} is booked with more than one patient: choose a service for one patient (serviceId).`
        : session === "couple"
          ? `${service.name} is not a couples service: choose a couples service, or book without naming a partner (serviceId).`
          : `${service.name} is not a group service: choose a group service (serviceId).`,
    );
  }
  return { serviceId: service.id, serviceName: service.name, feeMinor: feeAgreedFor(service, await patientRateFor(db, patientId, service.id)) };
}
