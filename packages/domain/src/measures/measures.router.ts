import { z } from "zod";
import { authedProcedure, roleProcedure, router } from "../trpc";
import { INSTRUMENT_IDS, INSTRUMENTS } from "./instruments";
import {
  acknowledgeAlertInputSchema,
  assignMeasureInputSchema,
  dueMeasureSchema,
  instrumentSchema,
  measureAlertSchema,
  measureAssignmentSchema,
  measureHistoryInputSchema,
  measureRecordSchema,
  submitMeasureInputSchema,
  submittedMeasureSchema,
} from "./measure.schema";
import { acknowledgeAlert, assignMeasureTo, dueMeasures, measureHistory, openAlerts, submitMeasure } from "./measures";

/** Outcome measures (PHQ-9, GAD-7): completing, asking for, reading, and the safety alert. */
export const measuresRouter = router({
  instruments: authedProcedure
    .meta({
      openapi: { method: "GET", path: "/measures/instruments", tags: ["measures"], summary: "The outcome measures: items, answers and bands", protect: true },
    })
    .input(z.void())
    .output(z.array(instrumentSchema))
    .query(() =>
      INSTRUMENT_IDS.map((id) => ({
        ...INSTRUMENTS[id],
        items: [...INSTRUMENTS[id].items],
        options: [...INSTRUMENTS[id].options],
        bands: [...INSTRUMENTS[id].bands],
      })),
    ),

  submit: roleProcedure("patient")
    .meta({
      openapi: {
        method: "POST",
        path: "/measures",
        tags: ["measures"],
        summary: "Complete a measure: scored by the server; a PHQ-9 with item 9 above 0 raises the safety alert",
        protect: true,
      },
    })
    .input(submitMeasureInputSchema)
    .output(submittedMeasureSchema)
    .mutation(({ ctx, input }) => submitMeasure(ctx, input)),

  history: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/measures",
        tags: ["measures"],
        summary: "A patient's measures, oldest first: to the patient, their doctors and admins",
        protect: true,
      },
    })
    .input(measureHistoryInputSchema)
    .output(z.array(measureRecordSchema))
    .query(({ ctx, input }) => measureHistory(ctx, input.patientId)),

  assign: roleProcedure("doctor")
    .meta({
      openapi: {
        method: "POST",
        path: "/measures/assignments",
        tags: ["measures"],
        summary: "Ask a patient in your care for a measure, once or before every session",
        protect: true,
      },
    })
    .input(assignMeasureInputSchema)
    .output(measureAssignmentSchema)
    .mutation(({ ctx, input }) => assignMeasureTo(ctx, input)),

  due: roleProcedure("patient")
    .meta({ openapi: { method: "GET", path: "/measures/due", tags: ["measures"], summary: "The measures you are asked to complete now", protect: true } })
    .input(z.void())
    .output(z.array(dueMeasureSchema))
    .query(({ ctx }) => dueMeasures(ctx)),

  alerts: roleProcedure("doctor", "admin")
    .meta({
      openapi: {
        method: "GET",
        path: "/measures/alerts",
        tags: ["measures"],
        summary: "Safety alerts not yet acknowledged (a doctor's patients'; every one for admins)",
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(measureAlertSchema))
    .query(({ ctx }) => openAlerts(ctx)),

  acknowledgeAlert: roleProcedure("doctor")
    .meta({
      openapi: {
        method: "POST",
        path: "/measures/alerts/{id}/acknowledge",
        tags: ["measures"],
        summary: "Acknowledge a safety alert of your patient, with a note of what was done",
        protect: true,
      },
    })
    .input(acknowledgeAlertInputSchema)
    .output(z.object({ id: z.number().int(), acknowledgedAt: z.string() }).meta({ id: "AcknowledgedAlert" }))
    .mutation(({ ctx, input }) => acknowledgeAlert(ctx, input)),
});
