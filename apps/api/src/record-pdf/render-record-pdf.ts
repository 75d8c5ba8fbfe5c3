// The patient's record as a PDF: a header, then the intake answers, the appointments, the session notes, the
// questionnaires and the signed consents, with page numbers. What goes in is decided by the domain
// (patientRecord); this only lays it out, in the clinic's look (pdf/pdf-layout.ts).
import { SOAP_SECTION_LABELS, SOAP_SECTIONS, type PatientRecord } from "@halcyon/domain";
import { INTAKE_LABELS } from "@halcyon/domain/rules";

import { INK, MARGIN, openPdf } from "../pdf/pdf-layout";

const STATUS_WORDS: Record<string, string> = { scheduled: "Scheduled", completed: "Completed", cancelled: "Cancelled", no_show: "Did not attend" };
/**
 * A couple's or a group's session in a participant's record: that they attended, never its note
 * or who else took part (the note is the session's, kept with it).
 */
const PARTY_WORDS: Record<string, string> = { couple: "Couples session", group: "Group session" };
const ATTENDANCE_WORDS: Record<string, string> = { ...STATUS_WORDS, completed: "Attended" };

export function renderRecordPdf(record: PatientRecord): Promise<Buffer> {
  const page = openPdf({ title: `Health record of ${record.patient.firstName} ${record.patient.lastName}`, author: record.clinicName });
  const { doc, width, heading, small, body, label, keepRoom, none } = page;

  const zone = record.timeZone;
  const dayFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: zone });
  const dayAndTimeFormat = new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: zone,
    timeZoneName: "short",
  });
  const day = (instant: string) => dayFormat.format(new Date(instant));
  // A calendar date, not an instant: read in UTC, so no zone moves it to the day before.
  const calendarDayFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
  const calendarDay = (date: string) => calendarDayFormat.format(new Date(`${date}T00:00:00Z`));
  const dayAndTime = (instant: string) => dayAndTimeFormat.format(new Date(instant));

  // Header.
  const { patient } = record;
  page.masthead(record.clinicName, `${patient.firstName} ${patient.lastName}`);
  small(
    [`Born ${calendarDay(patient.dateOfBirth)}`, patient.phoneNumber, patient.email, `Record made ${dayAndTime(record.generatedAt)}`]
      .filter(Boolean)
      .join("  ·  "),
  );
  doc.moveDown(0.6);
  body(
    "Your health record at the clinic: what you told us as you began, your appointments, the notes of your sessions, your questionnaires and the consents you signed. " +
      "A clinician's private psychotherapy notes are kept apart from the record and are not part of this copy.",
  );

  heading("Intake");
  if (!record.intake) none("No intake answers yet.");
  else {
    const { intake } = record;
    for (const [term, value] of [
      [INTAKE_LABELS.reason, intake.reason],
      [INTAKE_LABELS.medications, intake.medications],
      [INTAKE_LABELS.emergencyContact, `${intake.emergencyContactName}  ·  ${intake.emergencyContactPhone}`],
    ] as const) {
      keepRoom(40);
      label(term);
      body(value);
      doc.moveDown(0.4);
    }
    small(`Last changed ${dayAndTime(intake.updatedAt)}.`);
  }

  heading("Appointments");
  if (record.appointments.length === 0) none("No appointments.");
  for (const appointment of record.appointments) {
    keepRoom(30);
    doc
      .font("bold")
      .fontSize(10)
      .fillColor(INK)
      .text(`${dayAndTime(appointment.startTime)}  ·  ${appointment.title}`, MARGIN, doc.y, { width });
    const status = appointment.party
      ? `${PARTY_WORDS[appointment.party.kind]}  ·  ${ATTENDANCE_WORDS[appointment.status] ?? appointment.status}`
      : (STATUS_WORDS[appointment.status] ?? appointment.status);
    small(`Dr. ${appointment.doctorName}  ·  ${status}`);
    doc.moveDown(0.4);
  }

  heading("Session notes");
  if (record.sessions.length === 0) none("No session notes.");
  for (const session of record.sessions) {
    keepRoom(90);
    doc
      .font("bold")
      .fontSize(10)
      .fillColor(INK)
      .text(
        `${day(session.createdAt)}  ·  Dr. ${session.doctorName}${session.progressRating > 0 ? `  ·  Progress ${session.progressRating}/10` : ""}`,
        MARGIN,
        doc.y,
        { width },
      );
    doc.moveDown(0.2);
    body(session.sessionNotes);
    for (const section of SOAP_SECTIONS) {
      if (!session.soap[section]) continue;
      doc.moveDown(0.3);
      // A label keeps at least two lines of its text with it on its page.
      keepRoom(40);
      label(SOAP_SECTION_LABELS[section]);
      body(session.soap[section]);
    }
    doc.moveDown(0.3);
    small(
      session.signedAt
        ? `Signed by Dr. ${session.signerName ?? session.doctorName} on ${dayAndTime(session.signedAt)}. SHA-256 of the signed note: ${session.contentHash}`
        : "Not signed yet: the clinician may still complete it.",
    );
    for (const addendum of session.addenda) {
      doc.moveDown(0.3);
      keepRoom(40);
      label(`Addendum, ${day(addendum.createdAt)}, Dr. ${addendum.authorName}`);
      body(addendum.body);
    }
    doc.moveDown(0.9);
  }

  heading("Questionnaires");
  if (record.measures.length === 0) none("No questionnaires.");
  for (const measure of record.measures) {
    keepRoom(20);
    doc
      .font("sans")
      .fontSize(10)
      .fillColor(INK)
      .text(`${day(measure.createdAt)}  ·  ${measure.name}  ·  ${measure.score} of ${measure.maxScore}  ·  ${measure.band}`, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
  }

  heading("Signed consents");
  if (record.consents.length === 0) none("No consents signed.");
  for (const consent of record.consents) {
    keepRoom(120);
    doc.font("bold").fontSize(10).fillColor(INK).text(`${consent.title}, version ${consent.version}`, MARGIN, doc.y, { width });
    small(
      `Signed as “${consent.typedName}” on ${dayAndTime(consent.signedAt)}${consent.ip ? ` from ${consent.ip}` : ""}. SHA-256 of the text: ${consent.bodyHash}`,
    );
    doc.moveDown(0.3);
    body(consent.body);
    doc.moveDown(0.9);
  }

  return page.finish(`${record.clinicName}  ·  ${patient.firstName} ${patient.lastName}`);
}
