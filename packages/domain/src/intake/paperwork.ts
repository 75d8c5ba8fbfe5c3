// The one rule of the paperwork (docs/product.md, "Intake and consent"): booking never waits for
// it; the intake and each consent's current version are due before the first session (the doctor's
// day marks a session whose patient has not finished them, and the forms_to_sign notice reminds
// the patient); joining a video visit waits for the telehealth consent, because the call is the
// telehealth it consents to. Who has paperwork due is one statement of the intake repository
// (patientsWithPaperworkDue), which the care sweep's forms_to_sign notice asks too.
import { currentConsentUnsigned, patientsWithPaperworkDue, type Db } from "@halcyon/db";

import { AppError } from "../errors";
import { CONSENT_TITLES, type ConsentKind } from "./intake.schema";

type Marked = { patientId: number; status: string };

/**
 * Appointments as answered to their parties and admins, each marked with its patient's paperwork.
 * Every caller of the appointment procedures sees only sessions they are a party to (an admin,
 * any): the mark tells a doctor of their own patients and a patient of themselves only. Only a
 * scheduled session can still wait on the paperwork: a past or cancelled one is never marked, and
 * a list with none scheduled asks nothing of the database.
 */
export async function withPaperworkMarks<T extends Marked>(db: Db, appointments: readonly T[]): Promise<(T & { paperworkDue: boolean })[]> {
  const scheduled = appointments.filter((appointment) => appointment.status === "scheduled");
  const due = await patientsWithPaperworkDue(
    db,
    scheduled.map((appointment) => appointment.patientId),
  );
  return appointments.map((appointment) => ({ ...appointment, paperworkDue: appointment.status === "scheduled" && due.has(appointment.patientId) }));
}

/** The consent a patient signs before joining a video visit. */
export const VISIT_CONSENT: ConsentKind = "telehealth";

/** Why a patient may not join yet, worded for them: what to sign, and where. */
export const VISIT_CONSENT_NEEDED = `Before joining a video visit, please sign the ${CONSENT_TITLES[VISIT_CONSENT].toLowerCase()}: it is under Intake and consents (/intake), and takes a minute.`;

/** Whether the patient has still to sign the current version of the telehealth consent (a clinic without such a form asks for none). */
export function visitConsentDue(db: Db, patientId: number): Promise<boolean> {
  return currentConsentUnsigned(db, patientId, VISIT_CONSENT);
}

/** Refuses a patient's join (CONSENT_REQUIRED, a 403) until the telehealth consent is signed. */
export async function assertVisitConsent(db: Db, patientId: number): Promise<void> {
  if (await visitConsentDue(db, patientId)) throw new AppError("CONSENT_REQUIRED", VISIT_CONSENT_NEEDED);
}
