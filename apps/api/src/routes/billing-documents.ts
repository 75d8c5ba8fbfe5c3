// The billing documents as PDFs (issue 35): a superbill for any dates, a Good Faith Estimate, an
// invoice and its receipt. Each is the patient's own, their doctor's and admins' (anyone else:
// 404, as the domain decides), and each download is audited (billing.document_download).
import { estimateForDownload, invoiceForDownload, parseClientInput, superbillForDownload } from "@halcyon/domain";
import { idOf, superbillRangeSchema } from "@halcyon/domain/schemas";
import type { FastifyReply, FastifyInstance } from "fastify";
import { z } from "zod";

import { renderEstimatePdf } from "../billing-pdf/render-estimate";
import { renderInvoicePdf } from "../billing-pdf/render-invoice";
import { renderSuperbillPdf } from "../billing-pdf/render-superbill";
import { guardedDoor } from "./guarded-door";

const MEMBERS = ["patient", "doctor", "admin"] as const;
/** Invoices are the patient's and the admins', as GET /api/billing/invoices/{id} is: doctors see no invoices. */
const INVOICE_READERS = ["patient", "admin"] as const;

function sendPdf(reply: FastifyReply, pdf: Buffer, name: string): FastifyReply {
  return reply
    .type("application/pdf")
    .header("cache-control", "no-store")
    .header("content-disposition", `attachment; filename="${name.toLowerCase().replace(/[^a-z0-9.-]+/g, "-")}.pdf"`)
    .send(pdf);
}

export async function billingDocumentRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/billing/patients/:patientId/superbill.pdf",
    guardedDoor(app, "billingDocuments.superbillPdf", MEMBERS, async (ctx, request, reply) => {
      const { patientId } = parseClientInput(z.object({ patientId: idOf("The patient id") }), request.params);
      const range = parseClientInput(superbillRangeSchema, request.query);
      const superbill = await superbillForDownload(ctx, patientId, range);
      return sendPdf(reply, await renderSuperbillPdf(superbill), `superbill-${range.from}-${range.to}`);
    }),
  );
  app.get(
    "/api/billing/estimates/:id/pdf",
    guardedDoor(app, "billingDocuments.estimatePdf", MEMBERS, async (ctx, request, reply) => {
      const { id } = parseClientInput(z.object({ id: idOf("The estimate id") }), request.params);
      const estimate = await estimateForDownload(ctx, id);
      return sendPdf(reply, await renderEstimatePdf(estimate), `good-faith-estimate-${id}`);
    }),
  );
  for (const kind of ["invoice", "receipt"] as const) {
    app.get(
      `/api/billing/invoices/:id/${kind}.pdf`,
      guardedDoor(app, `billingDocuments.${kind}Pdf`, INVOICE_READERS, async (ctx, request, reply) => {
        const { id } = parseClientInput(z.object({ id: idOf("The invoice id") }), request.params);
        const invoice = await invoiceForDownload(ctx, id, kind);
        return sendPdf(reply, await renderInvoicePdf(invoice), `${kind}-${invoice.number}`);
      }),
    );
  }
}
