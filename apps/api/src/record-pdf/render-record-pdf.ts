// The patient's record as a PDF: a header, then the intake answers, the appointments, the session notes, the
// questionnaires and the signed consents, with page numbers. What goes in is decided by the domain
// (patientRecord); this only lays it out. The DejaVu fonts (from npm, embedded as subsets) draw
// Latin, Greek and Cyrillic names and notes, where the PDF's built-in fonts stop at Windows-1252.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

import { SOAP_SECTION_LABELS, SOAP_SECTIONS, type PatientRecord } from "@halcyon/domain";
import { INTAKE_LABELS } from "@halcyon/domain/rules";
import PDFDocument from "pdfkit";

const FONT_FILES = { serif: "DejaVuSerif", sans: "DejaVuSans", bold: "DejaVuSans-Bold", italic: "DejaVuSans-Oblique" };

/** The fonts' bytes, read from disk at the first record asked for and kept: not on every download. */
let fonts: [name: string, bytes: Buffer][] | undefined;
function loadedFonts(): [name: string, bytes: Buffer][] {
  const resolve = createRequire(import.meta.url).resolve;
  fonts ??= Object.entries(FONT_FILES).map(([name, file]) => [name, readFileSync(resolve(`dejavu-fonts-ttf/ttf/${file}.ttf`))]);
  return fonts;
}

const INK = "#0b1220";
const MUTED = "#57534e";
const GOLD = "#9c7b40";
const MARGIN = 56;

const STATUS_WORDS: Record<string, string> = { scheduled: "Scheduled", completed: "Completed", cancelled: "Cancelled", no_show: "Did not attend" };

export function renderRecordPdf(record: PatientRecord): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Health record of ${record.patient.firstName} ${record.patient.lastName}`, Author: record.clinicName, Creator: "Halcyon" },
  });
  for (const [name, bytes] of loadedFonts()) doc.registerFont(name, bytes);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

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
  const width = doc.page.width - 2 * MARGIN;

  const heading = (text: string) => {
    if (doc.y > doc.page.height - MARGIN - 120) doc.addPage();
    doc.moveDown(1.2).font("serif").fontSize(18).fillColor(INK).text(text, MARGIN, doc.y, { width });
    const y = doc.y + 4;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + 48, y)
      .strokeColor(GOLD)
      .lineWidth(0.8)
      .stroke();
    doc.moveDown(0.8);
  };
  const small = (text: string, color = MUTED) => doc.font("sans").fontSize(8.5).fillColor(color).text(text, MARGIN, doc.y, { width });
  const body = (text: string) => doc.font("sans").fontSize(10).fillColor(INK).text(text, MARGIN, doc.y, { width, lineGap: 2 });
  const label = (text: string) => doc.font("bold").fontSize(8).fillColor(MUTED).text(text.toUpperCase(), MARGIN, doc.y, { width, characterSpacing: 1 });
  const keepRoom = (points: number) => {
    if (doc.y > doc.page.height - MARGIN - points) doc.addPage();
  };
  const none = (text: string) => doc.font("italic").fontSize(10).fillColor(MUTED).text(text, MARGIN, doc.y, { width });

  // Header.
  const { patient } = record;
  doc.font("sans").fontSize(9).fillColor(GOLD).text(record.clinicName.toUpperCase(), { characterSpacing: 2 });
  doc.moveDown(0.4).font("serif").fontSize(26).fillColor(INK).text(`${patient.firstName} ${patient.lastName}`);
  doc.moveDown(0.2);
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
    small(`Dr. ${appointment.doctorName}  ·  ${STATUS_WORDS[appointment.status] ?? appointment.status}`);
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

  // Page numbers, once every page exists.
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    // Below the bottom margin, where pdfkit would otherwise begin a new page for the text.
    doc.page.margins.bottom = 0;
    doc
      .font("sans")
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        `${record.clinicName}  ·  ${patient.firstName} ${patient.lastName}  ·  Page ${index + 1} of ${range.count}`,
        MARGIN,
        doc.page.height - MARGIN + 20,
        {
          width,
          align: "center",
          lineBreak: false,
        },
      );
  }
  doc.end();
  return done;
}
