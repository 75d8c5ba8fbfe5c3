// The superbill as a PDF: the clinic (name, address, EIN, organisation NPI), the patient (name,
// date of birth, address), each clinician (name, licence, NPI), the diagnoses, one line per paid
// session (date, CPT, modifier, place of service, diagnosis pointers, fee, paid), the totals and
// the clinician's signature line. What goes in is decided by the domain (superbillOf).
import type { SuperbillInput } from "@halcyon/domain";

import { openPdf } from "../pdf/pdf-layout";
import { clinicianLine, clinicLines, paperWords, patientLines } from "./paper-words";

export function renderSuperbillPdf(superbill: SuperbillInput): Promise<Buffer> {
  const { clinic, patient } = superbill;
  const words = paperWords(clinic);
  const page = openPdf({ title: `Superbill for ${patient.name}, ${words.date(superbill.from)} to ${words.date(superbill.to)}`, author: clinic.name });
  page.masthead(clinic.name, "Superbill");
  page.small(`Statement of services paid, ${words.date(superbill.from)} to ${words.date(superbill.to)}  ·  Issued ${words.day(superbill.issuedAt)}`);
  page.doc.moveDown(0.8);
  page.blocks([
    { label: "Provider", lines: clinicLines(clinic) },
    { label: "Patient", lines: patientLines(patient, words.date) },
  ]);

  page.heading("Clinicians");
  if (superbill.clinicians.length === 0) page.none("No paid sessions in these dates.");
  for (const clinician of superbill.clinicians) page.body(clinicianLine(clinician));

  page.heading("Diagnoses (ICD-10-CM)");
  if (superbill.diagnoses.length === 0) page.none("No diagnosis recorded.");
  superbill.diagnoses.forEach((diagnosis, index) => page.body(`${String.fromCharCode(65 + index)}.  ${diagnosis.code}  ${diagnosis.description}`));

  page.heading("Services");
  if (superbill.lines.length === 0) page.none("No paid sessions in these dates.");
  else {
    const fee = superbill.lines.reduce((sum, line) => sum + line.feeMinor, 0);
    const paid = superbill.lines.reduce((sum, line) => sum + line.paidMinor, 0);
    page.table(
      [
        { heading: "Date", width: 11 },
        { heading: "Clinician", width: 17 },
        { heading: "CPT", width: 8 },
        { heading: "Mod.", width: 6 },
        { heading: "POS", width: 6 },
        { heading: "Diagnoses", width: 20 },
        { heading: "Fee", width: 11, align: "right" },
        { heading: "Paid", width: 11, align: "right" },
      ],
      [
        ...superbill.lines.map((line) => [
          words.day(line.date),
          line.clinician,
          line.cptCode,
          line.modifier ?? "",
          line.placeOfService,
          line.diagnosisCodes.join(", "),
          words.money(line.feeMinor),
          words.money(line.paidMinor),
        ]),
        [`Total, ${superbill.lines.length} session${superbill.lines.length === 1 ? "" : "s"}`, "", "", "", "", "", words.money(fee), words.money(paid)],
      ],
      { boldLast: true },
    );
    page.small("POS: place of service, 11 office, 10 telehealth in the patient's home, 02 telehealth elsewhere. Modifier 95: synchronous telehealth (video).");
  }

  page.signatureLine(`Signature of clinician${superbill.clinicians.length === 1 ? `: ${superbill.clinicians[0]!.name}` : ""}`);
  page.small("I certify that the services listed above were provided and paid for as shown.");
  return page.finish(`${clinic.name}  ·  Superbill  ·  ${patient.name}`);
}
