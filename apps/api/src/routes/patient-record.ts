// GET /api/patients/{id}/record.pdf: the patient's record as a PDF, for the patient, their doctors
// and admins (anyone else 404, as for the record itself). Each download is audited.
import { parseClientInput, patientRecord } from "@halcyon/domain";
import { idOf } from "@halcyon/domain/schemas";
import type { FastifyInstance } from "fastify";
import { z } from "zod";

import { renderRecordPdf } from "../record-pdf/render-record-pdf";
import { guardedDoor } from "./guarded-door";

const paramsSchema = z.object({ id: idOf("The patient id") });

export async function patientRecordRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/patients/:id/record.pdf",
    guardedDoor(app, "patients.recordPdf", ["patient", "doctor", "admin"], async (ctx, request, reply) => {
      const { id } = parseClientInput(paramsSchema, request.params);
      const record = await patientRecord(ctx, id);
      const pdf = await renderRecordPdf(record);
      const name = `${record.patient.lastName}-${record.patient.firstName}`.toLowerCase().replace(/[^a-z0-9-]+/g, "-");
      return reply
        .type("application/pdf")
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="record-${name}-${record.generatedAt.slice(0, 10)}.pdf"`)
        .send(pdf);
    }),
  );
}
