// The billing documents' renderers, as pure functions of their typed input: each PDF is parsed
// back (pdf.js) and every element the issue and the rules require is found in it.
import type { GoodFaithEstimateInput, InvoiceDocumentInput, SuperbillInput } from "@halcyon/domain";
import { describe, expect, it } from "vitest";

import { renderEstimatePdf } from "../src/billing-pdf/render-estimate";
import { renderInvoicePdf } from "../src/billing-pdf/render-invoice";
import { renderSuperbillPdf } from "../src/billing-pdf/render-superbill";
import { pdfText } from "./pdf-text";

const clinic = {
  name: "Halcyon Harbour",
  address: "12 Harbour Street\nPortland, ME 04101",
  ein: "12-3456789",
  npi: "1245319599",
  timeZone: "America/New_York",
  currency: "USD",
};
const patient = { name: "Zoë Ångström", dateOfBirth: "1990-04-07", address: "5 Elm Road\nBangor, ME 04401" };
const clinician = { name: "Rowan Adler", licence: "LCSW 123456 (ME)", npi: "1234567893" };

function superbill(lines: number): SuperbillInput {
  return {
    clinic,
    patient,
    from: "2026-01-01",
    to: "2026-12-31",
    issuedAt: "2026-12-31T20:00:00.000Z",
    clinicians: [clinician],
    diagnoses: [
      { code: "F41.1", description: "Generalized anxiety disorder" },
      { code: "Z63.0", description: "Problems in relationship with spouse or partner" },
    ],
    lines: Array.from({ length: lines }, (_, index) => ({
      date: new Date(Date.UTC(2026, 0, 5 + 7 * index, 15)).toISOString(),
      clinician: clinician.name,
      cptCode: "90834",
      modifier: index % 2 === 0 ? ("95" as const) : null,
      placeOfService: index % 2 === 0 ? ("10" as const) : ("11" as const),
      diagnosisCodes: ["F41.1", "Z63.0"],
      feeMinor: 15_000,
      paidMinor: 15_000,
    })),
  };
}

describe("billing PDFs", () => {
  it("a superbill carries the clinic, patient, clinician, every paid session's codes and amounts, the totals and a signature line", async () => {
    const { text } = await pdfText(await renderSuperbillPdf(superbill(2)));
    for (const element of [
      "Superbill",
      "Halcyon Harbour",
      "12 Harbour Street",
      "Portland, ME 04101",
      "Tax ID (EIN): 12-3456789",
      "Organization NPI: 1245319599",
      "Zoë Ångström",
      "Date of birth: 04/07/1990",
      "5 Elm Road",
      "Rowan Adler",
      "Licence: LCSW 123456 (ME)",
      "NPI: 1234567893",
      "F41.1 Generalized anxiety disorder",
      "Z63.0",
      "01/05/2026 Rowan Adler 90834 95 10 F41.1, Z63.0 $150.00 $150.00",
      "01/12/2026 Rowan Adler 90834 11 F41.1, Z63.0 $150.00 $150.00",
      "Total, 2 sessions $300.00 $300.00",
      "Signature of clinician: Rowan Adler",
      "Date",
    ]) {
      expect(text).toContain(element);
    }
  });

  // Its time (the target: under 1 s) is measured by the benchmarks, not here: a test's clock is the CI machine's load.
  it("lays out a year of weekly sessions over pages, the heading again on each, the totals last", async () => {
    const { text, pages } = await pdfText(await renderSuperbillPdf(superbill(52)));
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain("Total, 52 sessions $7,800.00 $7,800.00");
    expect(text.split("CPT MOD. POS").length - 1).toBe(pages);
  });

  it("a Good Faith Estimate carries every element of 45 CFR 149.610 and its required statements", async () => {
    const estimate: GoodFaithEstimateInput = {
      id: 42,
      clinic,
      patient,
      issuedAt: "2026-12-01T15:00:00.000Z",
      from: "2026-12-01",
      to: "2027-11-30",
      location: "12 Harbour Street, Portland, ME 04101; or by secure video, wherever the patient is",
      providers: [clinician],
      diagnoses: [{ code: "F41.1", description: "Generalized anxiety disorder" }],
      items: [
        { service: "Intake assessment", cptCode: "90791", clinician: "Rowan Adler", sessions: 1, unitFeeMinor: 20_000, totalMinor: 20_000 },
        { service: "Individual Therapy", cptCode: "90837", clinician: "Rowan Adler", sessions: 24, unitFeeMinor: 16_000, totalMinor: 384_000 },
      ],
      totalMinor: 404_000,
    };
    const { text } = await pdfText(await renderEstimatePdf(estimate));
    for (const element of [
      "Good Faith Estimate",
      "Estimate no. 42",
      "Zoë Ångström",
      "Date of birth: 04/07/1990",
      "Intake assessment 90791 Rowan Adler 1 $200.00 $200.00",
      "Individual Therapy 90837 Rowan Adler 24 $160.00 $3,840.00",
      "Total estimated charges $4,040.00",
      "F41.1 Generalized anxiety disorder",
      "Rowan Adler · Licence: LCSW 123456 (ME) · NPI: 1234567893 · Tax ID: 12-3456789",
      "12 Harbour Street, Portland, ME 04101; or by secure video",
      "For care from 12/01/2026 to 11/30/2027",
      "is not a contract",
      "at least $400 more than this estimate",
      "www.cms.gov/nosurprises",
      "1-800-985-3059",
      "within 120 calendar days",
    ]) {
      expect(text).toContain(element);
    }
  });

  it("an invoice lists its items and total; its receipt the payments and refunds", async () => {
    const invoice: InvoiceDocumentInput = {
      kind: "invoice",
      clinic,
      patient,
      number: "INV-000042",
      issuedAt: "2026-12-01T15:00:00.000Z",
      lines: [
        { date: "2026-11-20T15:00:00.000Z", description: "Individual Therapy · CPT 90834", amountMinor: 15_000 },
        { date: "2026-11-27T15:00:00.000Z", description: "Cancellation or missed-session fee", amountMinor: 7_500 },
      ],
      totalMinor: 22_500,
      payments: [],
      paidMinor: 0,
    };
    const billed = (await pdfText(await renderInvoicePdf(invoice))).text;
    for (const element of [
      "Invoice INV-000042",
      "Zoë Ångström",
      "11/20/2026 Individual Therapy · CPT 90834 $150.00",
      "Total $225.00",
      "Balance due on this invoice: $225.00",
    ]) {
      expect(billed).toContain(element);
    }
    const receipt = (
      await pdfText(
        await renderInvoicePdf({
          ...invoice,
          kind: "receipt",
          payments: [{ receivedAt: "2026-12-02T15:00:00.000Z", method: "Cheque", reference: "No. 1021", amountMinor: 22_500, refundedMinor: 2_500 }],
          paidMinor: 20_000,
        }),
      )
    ).text;
    for (const element of ["Receipt INV-000042", "12/02/2026 Cheque No. 1021 $225.00 $25.00", "Paid: $200.00", "Balance due on this invoice: $25.00"]) {
      expect(receipt).toContain(element);
    }
  });
});
