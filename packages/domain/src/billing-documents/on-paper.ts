// Who a billing document is from and for: the clinic's identity settings, the patient's name,
// birth date and postal address, and the clinicians' licences and NPIs.
import { billingDetailsOf, findDoctorCredentials, findUserById, type Db } from "@halcyon/db";
import type { ClinicServices } from "../context";
import { AppError } from "../errors";
import type { ClinicianOnPaper, ClinicOnPaper, PatientOnPaper } from "./document-inputs";

export function clinicOnPaper(services: Pick<ClinicServices, "config">): ClinicOnPaper {
  const { config } = services;
  return {
    name: config.clinicName,
    address: config.identity.address,
    ein: config.identity.ein,
    npi: config.identity.npi,
    timeZone: config.clinicTimeZone,
    currency: config.billing.currency,
  };
}

export async function patientOnPaper(db: Db, patientId: number): Promise<PatientOnPaper> {
  const [patient, details] = await Promise.all([findUserById(db, patientId), billingDetailsOf(db, patientId)]);
  if (!patient || patient.role !== "patient") throw new AppError("NOT_FOUND", "No such patient.");
  return { name: `${patient.firstName} ${patient.lastName}`, dateOfBirth: patient.dateOfBirth, address: details.postalAddress };
}

/** The clinicians, by id, as documents name them. */
export async function cliniciansOnPaper(db: Db, doctorIds: Iterable<number>): Promise<Map<number, ClinicianOnPaper>> {
  const credentials = await findDoctorCredentials(db, [...new Set(doctorIds)]);
  return new Map(credentials.map(({ doctorId, name, licence, npi }) => [doctorId, { name, licence, npi }]));
}
