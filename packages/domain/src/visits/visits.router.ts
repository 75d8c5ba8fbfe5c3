import { authedProcedure, roleProcedure, router } from "../trpc";
import {
  appointmentVisitInputSchema,
  instantVisitInputSchema,
  partnerVisitInputSchema,
  partnerVisitSchema,
  visitIdInputSchema,
  visitSchema,
  waitingPatientSchema,
} from "./visit.schema";
import { patientsWaiting, startInstantVisit, visitById, visitForAppointment, visitWithPartner } from "./visits";
import { z } from "zod";

/** Video visits' rooms; the signalling itself runs over the WebSocket. */
export const visitsRouter = router({
  ofAppointment: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/appointments/{id}/visit",
        tags: ["visits"],
        summary: "The video room of an appointment, for its patient and doctor: its state, window and ICE servers",
        protect: true,
      },
    })
    .input(appointmentVisitInputSchema)
    .output(visitSchema)
    .query(({ ctx, input }) => visitForAppointment(ctx, input.id)),

  waiting: roleProcedure("doctor")
    .meta({
      openapi: { method: "GET", path: "/visits/waiting", tags: ["visits"], summary: "Patients waiting in your open video rooms to be admitted", protect: true },
    })
    .input(z.void())
    .output(z.array(waitingPatientSchema))
    .query(({ ctx }) => patientsWaiting(ctx)),

  withPartner: roleProcedure("patient", "doctor")
    .meta({
      openapi: {
        method: "GET",
        path: "/visits/with/{partnerId}",
        tags: ["visits"],
        summary: "The room you and your doctor or patient can meet in now, or when your next session's room opens",
        protect: true,
      },
    })
    .input(partnerVisitInputSchema)
    .output(partnerVisitSchema)
    .query(({ ctx, input }) => visitWithPartner(ctx, input.partnerId)),

  byId: authedProcedure
    .meta({ openapi: { method: "GET", path: "/visits/{id}", tags: ["visits"], summary: "A video visit by its own id, for its two parties", protect: true } })
    .input(visitIdInputSchema)
    .output(visitSchema)
    .query(({ ctx, input }) => visitById(ctx, input.id)),

  startInstant: roleProcedure("doctor")
    .meta({
      openapi: { method: "POST", path: "/visits", tags: ["visits"], summary: "Start an instant video visit with a patient in your care", protect: true },
    })
    .input(instantVisitInputSchema)
    .output(z.object({ id: z.number().int() }))
    .mutation(({ ctx, input }) => startInstantVisit(ctx, input.patientId)),
});
