// A superbill: the statement a patient sends their insurer for out-of-network care, of the sessions
// they have paid for in a range of dates. A session is on it once the invoice holding its charge is
// paid in full; its diagnosis codes are those current on the session's day.
import { chargedSessionsOf, listDiagnoses, type ChargedSession, type DiagnosisView } from "@halcyon/db";
import { calendarDateIn, zonedInstant } from "../appointments/slots";
import type { ClinicServices } from "../context";
import { describeIcd10 } from "../diagnoses/diagnoses";
import type { SuperbillInput, SuperbillLine } from "./document-inputs";
import { clinicOnPaper, cliniciansOnPaper, patientOnPaper } from "./on-paper";

type DocumentServices = Pick<ClinicServices, "db" | "config" | "now">;

/** The day after `date` (YYYY-MM-DD), for a range's exclusive end. */
export function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The codes current at `at`: recorded by then and not resolved by then. */
export function codesAt(diagnoses: DiagnosisView[], at: string): string[] {
  const current = diagnoses.filter((diagnosis) => diagnosis.recordedAt <= at && (diagnosis.resolvedAt === null || diagnosis.resolvedAt > at));
  return [...new Set(current.sort((a, b) => a.recordedAt.localeCompare(b.recordedAt)).map((diagnosis) => diagnosis.code))];
}

function lineOf(session: ChargedSession, clinician: string, diagnosisCodes: string[]): SuperbillLine {
  return {
    date: session.startTime,
    clinician,
    cptCode: session.cptCode ?? "",
    // A video session is synchronous telehealth (modifier 95), given to the patient where they
    // are: their home (10) as a rule for therapy by video.
    modifier: session.byVideo ? "95" : null,
    placeOfService: session.byVideo ? "10" : "11",
    diagnosisCodes,
    feeMinor: session.chargedMinor,
    paidMinor: session.chargedMinor,
  };
}

/** The superbill of the patient's paid sessions from `from` to `to` (calendar dates in the clinic's zone, both included). */
export async function superbillOf(services: DocumentServices, patientId: number, from: string, to: string): Promise<SuperbillInput> {
  const zone = services.config.clinicTimeZone;
  const [patient, sessions, diagnoses] = await Promise.all([
    patientOnPaper(services.db, patientId),
    chargedSessionsOf(services.db, patientId, zonedInstant(from, 0, zone).toISOString(), zonedInstant(dayAfter(to), 0, zone).toISOString()),
    listDiagnoses(services.db, patientId),
  ]);
  // Paid: the invoice holding the charge is covered by its payments (less refunds).
  const paid = sessions.filter((session) => session.invoiceTotalMinor !== null && session.invoicePaidMinor >= session.invoiceTotalMinor);
  const clinicians = await cliniciansOnPaper(
    services.db,
    paid.map((session) => session.doctorId),
  );
  // A diagnosis written the day of the session (often after it, with its note) is the session's.
  const endOfDay = (instant: string) => zonedInstant(dayAfter(calendarDateIn(new Date(instant), zone)), 0, zone).toISOString();
  const lines = paid.map((session) => lineOf(session, clinicians.get(session.doctorId)?.name ?? "", codesAt(diagnoses, endOfDay(session.startTime))));
  const issuedAt = services.now().toISOString();
  const codes = lines.length > 0 ? [...new Set(lines.flatMap((line) => line.diagnosisCodes))] : codesAt(diagnoses, issuedAt);
  return {
    clinic: clinicOnPaper(services),
    patient,
    from,
    to,
    issuedAt,
    clinicians: [...clinicians.values()],
    diagnoses: codes.map((code) => ({ code, description: describeIcd10(code) })),
    lines,
  };
}
