// The patient's own copy of their record (HIPAA's right of access, in minutes): their
// intake answers, appointments, the shared session notes (a signed note in full, with its signature and addenda;
// a draft only as far as the patient already reads it), their measures with scores and bands, and
// the consents they signed with the text of each. Never the private psychotherapy notes: they are
// in a table this module does not read. For the patient, their doctors and admins; audited.
import {
  consentSignaturesOf,
  findConsentDocuments,
  findIntakeForm,
  findUserById,
  listAppointments,
  listMeasures,
  listTreatmentSessionsOfPatient,
  type AppointmentView,
  type IntakeForm,
  type User,
} from "@halcyon/db";

import { recordAudit } from "../audit/audit";
import { careAccessTo } from "../care/record-access";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { CONSENT_KINDS, CONSENT_TITLES } from "../intake/intake.schema";
import { INSTRUMENTS, type InstrumentId } from "../measures/instruments";
import type { TreatmentSession } from "../treatment-sessions/treatment-session.schema";
import { asThePatientReadsIt, withAddenda } from "../treatment-sessions/treatment-sessions";

type Caller = RequestContext & { user: User };

/** More than any practice keeps for one patient; the record is read whole. */
const RECORD_LIMIT = 100_000;

export interface PatientRecord {
  clinicName: string;
  timeZone: string;
  generatedAt: string;
  patient: { id: number; firstName: string; lastName: string; dateOfBirth: string; email: string | null; phoneNumber: string | null };
  /** What they told the clinic when they began, as last saved; null before they have. */
  intake: IntakeForm | null;
  appointments: AppointmentView[];
  /** Oldest first. A draft's SOAP sections are left out: they are the clinician's working copy. */
  sessions: TreatmentSession[];
  measures: { instrument: string; name: string; score: number; maxScore: number; band: string; createdAt: string }[];
  consents: { title: string; version: number; body: string; bodyHash: string; typedName: string; signedAt: string; ip: string | null }[];
}

export async function patientRecord(ctx: Caller, patientId: number): Promise<PatientRecord> {
  const [access, patient] = await Promise.all([careAccessTo(ctx, patientId), findUserById(ctx.db, patientId)]);
  if (!access || !patient || patient.role !== "patient") throw new AppError("NOT_FOUND", "No such patient.");
  const [intake, appointments, sessions, measures, signatures] = await Promise.all([
    findIntakeForm(ctx.db, patientId),
    listAppointments(ctx.db, { patientId, order: "asc", limit: RECORD_LIMIT }),
    listTreatmentSessionsOfPatient(ctx.db, patientId, RECORD_LIMIT),
    listMeasures(ctx.db, patientId),
    consentSignaturesOf(ctx.db, patientId),
  ]);
  const documents = new Map(
    (
      await findConsentDocuments(
        ctx.db,
        signatures.map((signature) => signature.documentId),
      )
    ).map((document) => [document.id, document]),
  );
  const withTheirAddenda = await withAddenda(ctx.db, sessions.reverse());
  await recordAudit(ctx, {
    actorId: ctx.user.id,
    action: "record.download",
    outcome: "success",
    targetType: "patient",
    targetId: patientId,
    request: ctx.request,
  });
  return {
    clinicName: ctx.config.clinicName,
    timeZone: ctx.config.clinicTimeZone,
    generatedAt: ctx.now().toISOString(),
    patient: {
      id: patient.id,
      firstName: patient.firstName,
      lastName: patient.lastName,
      dateOfBirth: patient.dateOfBirth,
      email: patient.email,
      phoneNumber: patient.phoneNumber,
    },
    intake: intake ?? null,
    appointments,
    sessions: withTheirAddenda.map(asThePatientReadsIt),
    measures: measures.map((measure) => {
      const instrument = INSTRUMENTS[measure.instrument as InstrumentId];
      return {
        instrument: measure.instrument,
        name: instrument.name,
        score: measure.score,
        maxScore: instrument.items.length * (instrument.options.length - 1),
        band: measure.band,
        createdAt: measure.createdAt,
      };
    }),
    // Treatment first, then telehealth, each oldest version first.
    consents: [...signatures]
      .sort((a, b) => CONSENT_KINDS.indexOf(a.kind) - CONSENT_KINDS.indexOf(b.kind) || a.version - b.version)
      .map((signature) => {
        const document = documents.get(signature.documentId)!;
        return {
          title: CONSENT_TITLES[signature.kind],
          version: signature.version,
          body: document.body,
          bodyHash: signature.bodyHash,
          typedName: signature.typedName,
          signedAt: signature.signedAt,
          ip: signature.ip,
        };
      }),
  };
}
