// The booking form's look at a series before it is booked: every date, and which are taken.
import type { User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { bookingParticipants } from "../appointments/book-appointment";
import type { SeriesPreview, seriesPreviewInputSchema } from "./series.schema";
import { planOccurrences, requestedSeries } from "./series-plan";
import type { z } from "zod";

export async function previewSeries(ctx: RequestContext & { user: User }, input: z.output<typeof seriesPreviewInputSchema>): Promise<SeriesPreview> {
  // Who may book this series may see where it falls (the patient's other sessions among it).
  const { patient, doctor } = await bookingParticipants(ctx, input);
  const { occurrences, rule } = requestedSeries(ctx, input);
  const planned = await planOccurrences(ctx, ctx.db, { doctor, patientId: patient.id, occurrences });
  if (ctx.user.id !== patient.id) {
    await recordAudit(ctx, {
      actorId: ctx.user.id,
      action: "patient_schedule.read",
      outcome: "success",
      targetType: "patient",
      targetId: patient.id,
      request: ctx.request,
      details: { doctorId: doctor.id, series: rule },
    });
  }
  return {
    timeZone: ctx.config.clinicTimeZone,
    rule,
    occurrences: planned.map((o) => ({ occurrence: o.start.toISOString(), date: o.date, problem: o.problem })),
  };
}
