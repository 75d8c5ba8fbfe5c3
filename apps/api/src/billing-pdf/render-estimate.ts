// The Good Faith Estimate as a PDF, with every element 45 CFR 149.610(c) asks of one for an
// uninsured or self-pay patient: the patient's name and date of birth; the services expected,
// with their codes and expected charges; diagnosis codes where known; each provider's name, NPI
// and tax ID; the location; the period it covers; and the required statements (it is not a
// contract, the patient may dispute a bill of $400 or more above it, where and how, and that
// other services may be recommended and estimated apart).
import type { GoodFaithEstimateInput } from "@halcyon/domain";

import { openPdf } from "../pdf/pdf-layout";
import { clinicianLine, clinicLines, paperWords, patientLines } from "./paper-words";

export const DISPUTE_CONTACT = "the U.S. Department of Health and Human Services: www.cms.gov/nosurprises, or 1-800-985-3059";

export function renderEstimatePdf(estimate: GoodFaithEstimateInput): Promise<Buffer> {
  const { clinic, patient } = estimate;
  const words = paperWords(clinic);
  const page = openPdf({ title: `Good Faith Estimate for ${patient.name}`, author: clinic.name });
  page.masthead(clinic.name, "Good Faith Estimate");
  page.small(
    `Estimate no. ${estimate.id}  ·  Issued ${words.day(estimate.issuedAt)}  ·  For care from ${words.date(estimate.from)} to ${words.date(estimate.to)}`,
  );
  page.doc.moveDown(0.8);
  page.body(
    "You have the right to receive a “Good Faith Estimate” explaining how much your medical care will cost. Under the law, health care providers need to give patients who don't have insurance or who are not using insurance an estimate of the bill for medical items and services.",
  );
  page.doc.moveDown(0.6);
  page.blocks([
    { label: "Patient", lines: patientLines(patient, words.date) },
    { label: "Provider", lines: clinicLines(clinic) },
  ]);
  page.label("Where services are given");
  page.body(estimate.location);

  page.heading("Providers");
  for (const provider of estimate.providers) page.body(`${clinicianLine(provider)}  ·  Tax ID: ${clinic.ein ?? "not set"}`);

  page.heading("Diagnoses (ICD-10-CM)");
  if (estimate.diagnoses.length === 0) page.none("None recorded yet.");
  for (const diagnosis of estimate.diagnoses) page.body(`${diagnosis.code}  ${diagnosis.description}`);

  page.heading("Expected services and charges");
  page.table(
    [
      { heading: "Service", width: 24 },
      { heading: "CPT", width: 8 },
      { heading: "Clinician", width: 20 },
      { heading: "Sessions", width: 10, align: "right" },
      { heading: "Each", width: 12, align: "right" },
      { heading: "Expected", width: 14, align: "right" },
    ],
    [
      ...estimate.items.map((item) => [
        item.service,
        item.cptCode,
        item.clinician,
        String(item.sessions),
        words.money(item.unitFeeMinor),
        words.money(item.totalMinor),
      ]),
      ["Total estimated charges", "", "", "", "", words.money(estimate.totalMinor)],
    ],
    { boldLast: true },
  );

  page.heading("Disclaimer");
  for (const statement of [
    "This Good Faith Estimate shows the costs of items and services that are reasonably expected for your health care needs for an item or service. The estimate is based on information known at the time the estimate was created.",
    "The Good Faith Estimate does not include any unknown or unexpected costs that may arise during treatment. You could be charged more if complications or special circumstances occur. If this happens, federal law allows you to dispute (appeal) the bill.",
    "If you are billed for more than this Good Faith Estimate, you have the right to dispute the bill. If you receive a bill that is at least $400 more than this estimate for any provider or facility, you can dispute the bill.",
    `You may contact the health care provider or facility listed to let them know the billed charges are higher than the Good Faith Estimate. You can ask them to update the bill to match the Good Faith Estimate, ask to negotiate the bill, or ask if there is financial assistance available. You may also start a dispute resolution process with ${DISPUTE_CONTACT}. You must start the dispute process within 120 calendar days (about 4 months) of the date on the original bill. There is a $25 fee to use the dispute process; if the agency reviewing your dispute agrees with you, you will have to pay the price on this Good Faith Estimate.`,
    "Other items or services may be recommended as part of your care; they are not included here and would be estimated separately if scheduled or requested.",
    "The Good Faith Estimate is not a contract and does not require you to obtain the items or services from any of the providers or facilities identified in it.",
    "Keep a copy of this Good Faith Estimate in a safe place or take pictures of it. You may need it if you are billed a higher amount.",
  ]) {
    page.keepRoom(50);
    page.body(statement);
    page.doc.moveDown(0.5);
  }
  return page.finish(`${clinic.name}  ·  Good Faith Estimate no. ${estimate.id}  ·  ${patient.name}`);
}
