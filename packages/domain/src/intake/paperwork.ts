// The one rule of the paperwork (docs/product.md, "Intake and consent"): booking never waits for
// it; the intake and each consent's current version are due before the first session (the doctor's
// day marks a session whose patient has not finished them, and the forms_to_sign notice reminds
// the patient); joining a video visit waits for the telehealth consent, because the call is the
// telehealth it consents to.
import { currentConsentDocuments, paperworkOf, type Db } from "@halcyon/db";

import { AppError } from "../errors";
import { CONSENT_TITLES, type ConsentKind } from "./intake.schema";

/** Of `patientIds`, those who have not filled in the intake or not signed a consent's current version. */
export async function patientsWithPaperworkDue(db: Db, patientIds: readonly number[]): Promise<Set<number>> {
  if (patientIds.length === 0) return new Set();
  const [documents, paperwork] = await Promise.all([currentConsentDocuments(db), paperworkOf(db, [...patientIds])]);
  return new Set(
    patientIds.filter((patientId) => {
      const signed = paperwork.signed.get(patientId);
      return !paperwork.withIntake.has(patientId) || documents.some((document) => !signed?.has(document.id));
    }),
  );
}

/**
 * Appointments as answered to their parties and admins, each marked with its patient's paperwork.
 * Every caller of the appointment procedures sees only sessions they are a party to (an admin,
 * any): the mark tells a doctor of their own patients and a patient of themselves only.
 */
export async function withPaperworkMarks<T extends { patientId: number }>(db: Db, appointments: readonly T[]): Promise<(T & { paperworkDue: boolean })[]> {
  const due = await patientsWithPaperworkDue(db, [...new Set(appointments.map((appointment) => appointment.patientId))]);
  return appointments.map((appointment) => ({ ...appointment, paperworkDue: due.has(appointment.patientId) }));
}

/** One appointment, marked as withPaperworkMarks does. */
export async function withPaperworkMark<T extends { patientId: number }>(db: Db, appointment: T): Promise<T & { paperworkDue: boolean }> {
  return { ...appointment, paperworkDue: (await patientsWithPaperworkDue(db, [appointment.patientId])).has(appointment.patientId) };
}

/** The consent a patient signs before joining a video visit. */
export const VISIT_CONSENT: ConsentKind = "telehealth";

/** Why a patient may not join yet, worded for them: what to sign, and where. */
export const VISIT_CONSENT_NEEDED = `Before joining a video visit, please sign the ${CONSENT_TITLES[VISIT_CONSENT].toLowerCase()}: it is under Intake and consents (/intake), and takes a minute.`;

/** Whether the patient has still to sign the current version of the telehealth consent. */
export async function visitConsentDue(db: Db, patientId: number): Promise<boolean> {
  const [documents, paperwork] = await Promise.all([currentConsentDocuments(db), paperworkOf(db, [patientId])]);
  const document = documents.find((candidate) => candidate.kind === VISIT_CONSENT);
  // A clinic without such a form asks for none.
  return document !== undefined && !(paperwork.signed.get(patientId)?.has(document.id) ?? false);
}

/** Refuses a patient's join (CONSENT_REQUIRED, a 403) until the telehealth consent is signed. */
export async function assertVisitConsent(db: Db, patientId: number): Promise<void> {
  if (await visitConsentDue(db, patientId)) throw new AppError("CONSENT_REQUIRED", VISIT_CONSENT_NEEDED);
}
