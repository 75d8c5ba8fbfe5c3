// An invoice, or its receipt, as a PDF in the clinic's look: who from and to, its number, the
// lines, the total, and (a receipt) the payments received against it with any refunds.
import type { InvoiceDocumentInput } from "@halcyon/domain";

import { openPdf } from "../pdf/pdf-layout";
import { clinicLines, paperWords, patientLines } from "./paper-words";

export function renderInvoicePdf(invoice: InvoiceDocumentInput): Promise<Buffer> {
  const { clinic, patient } = invoice;
  const words = paperWords(clinic);
  const title = invoice.kind === "invoice" ? "Invoice" : "Receipt";
  const page = openPdf({ title: `${title} ${invoice.number}`, author: clinic.name });
  page.masthead(clinic.name, `${title} ${invoice.number}`);
  page.small(`Invoice ${invoice.number}, issued ${words.day(invoice.issuedAt)}`);
  page.doc.moveDown(0.8);
  page.blocks([
    { label: "From", lines: clinicLines(clinic) },
    { label: invoice.kind === "invoice" ? "Bill to" : "Received from", lines: patientLines(patient, words.date) },
  ]);

  page.heading("Items");
  page.table(
    [
      { heading: "Date", width: 14 },
      { heading: "Description", width: 62 },
      { heading: "Amount", width: 18, align: "right" },
    ],
    [...invoice.lines.map((line) => [words.day(line.date), line.description, words.money(line.amountMinor)]), ["Total", "", words.money(invoice.totalMinor)]],
    { boldLast: true },
  );

  if (invoice.kind === "receipt" || invoice.payments.length > 0) {
    page.heading("Payments received");
    page.table(
      [
        { heading: "Date", width: 14 },
        { heading: "Method", width: 22 },
        { heading: "Reference", width: 26 },
        { heading: "Amount", width: 16, align: "right" },
        { heading: "Refunded", width: 16, align: "right" },
      ],
      invoice.payments.map((payment) => [
        words.day(payment.receivedAt),
        payment.method,
        payment.reference,
        words.money(payment.amountMinor),
        payment.refundedMinor > 0 ? words.money(payment.refundedMinor) : "",
      ]),
    );
  }
  page.strong(`Paid: ${words.money(invoice.paidMinor)}   ·   Balance due on this invoice: ${words.money(Math.max(0, invoice.totalMinor - invoice.paidMinor))}`);
  return page.finish(`${clinic.name}  ·  ${title} ${invoice.number}`);
}
