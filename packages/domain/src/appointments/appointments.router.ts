import { recentActivityOfDoctor } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { auditRead } from "../audit/read-audit";
import { z } from "zod";
import { authedProcedure, publicProcedure, roleProcedure, router } from "../trpc";
import { presentAppointment } from "./presented";
import { activityEventSchema } from "./activity.schema";
import {
  appointmentSchema,
  appointmentSummarySchema,
  bookAppointmentInputSchema,
  confirmedAppointmentSchema,
  listAppointmentsInputSchema,
  reminderLinkInputSchema,
  slotsInputSchema,
  slotsOutputSchema,
  updateAppointmentInputSchema,
} from "./appointment.schema";
import { freeSlots, scheduleOwnerOf } from "./availability";
import { bookAppointment } from "./book-appointment";
import { appointmentSummary, listAppointments } from "./list-appointments";
import { confirmFromLink, openManageLink } from "./reminder-links";
import { updateAppointment } from "./update-appointment";

export const appointmentsRouter = router({
  list: authedProcedure
    .meta({
      openapi: { method: "GET", path: "/appointments", tags: ["appointments"], summary: "Your appointments (admins: all), by start time", protect: true },
    })
    .input(listAppointmentsInputSchema)
    .output(z.array(appointmentSchema))
    .query(async ({ ctx, input }) => {
      const appointments = await listAppointments(ctx, input);
      await auditRead(
        ctx,
        "appointment.read",
        { type: "appointment" },
        appointments.map((a) => a.id),
      );
      return appointments;
    }),

  book: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/appointments",
        tags: ["appointments"],
        summary: "Book a free 60-minute slot",
        description:
          "Patients book for themselves (which puts them in that doctor's care); doctors book with themselves, for a patient already in their care; admins book for anyone.",
        protect: true,
      },
    })
    .input(bookAppointmentInputSchema)
    .output(appointmentSchema)
    .mutation(async ({ ctx, input }) => presentAppointment(ctx, await bookAppointment(ctx, input))),

  update: authedProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/appointments/{id}",
        tags: ["appointments"],
        summary: "Reschedule, edit, cancel, complete or mark a no-show",
        protect: true,
      },
    })
    .input(updateAppointmentInputSchema)
    .output(appointmentSchema)
    .mutation(async ({ ctx, input }) => presentAppointment(ctx, await updateAppointment(ctx, input))),

  confirmFromLink: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/appointments/confirm",
        tags: ["appointments"],
        summary: "Confirm a session from a reminder's link",
        description: "Works without signing in: the reminder's signed link (single-use, until the session starts) is the proof.",
        protect: false,
      },
    })
    .input(reminderLinkInputSchema)
    .output(confirmedAppointmentSchema)
    .mutation(({ ctx, input }) => confirmFromLink(ctx, input.token)),

  openManageLink: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/appointments/manage-link",
        tags: ["appointments"],
        summary: "Open the session a reminder's Cancel or reschedule link names",
        description: "For the member the reminder was sent to only (single-use, until the session starts); answers the appointment to show.",
        protect: true,
      },
    })
    .input(reminderLinkInputSchema)
    .output(appointmentSchema)
    .mutation(async ({ ctx, input }) => presentAppointment(ctx, await openManageLink(ctx, input.token))),

  slots: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/doctors/{doctorId}/slots",
        tags: ["appointments"],
        summary: "A doctor's free 60-minute slots on a day",
        description:
          "Leaves out the hours the patient is busy too: a patient's own, or those of `patientId` for the patient's doctors and admins (anyone else: 404). Each look at a patient's hours is audited.",
        protect: true,
      },
    })
    .input(slotsInputSchema)
    .output(slotsOutputSchema)
    .query(async ({ ctx, input }) => {
      const patientId = await scheduleOwnerOf(ctx, input.patientId);
      const slots = await freeSlots(ctx, ctx.db, { doctorId: input.doctorId, date: input.date, ...(patientId !== undefined ? { patientId } : {}) });
      if (patientId !== undefined) {
        await recordAudit(ctx, {
          actorId: ctx.user.id,
          action: "patient_schedule.read",
          outcome: "success",
          targetType: "patient",
          targetId: patientId,
          request: ctx.request,
          details: { doctorId: input.doctorId, date: input.date },
        });
      }
      return { date: input.date, timeZone: ctx.config.clinicTimeZone, slots };
    }),

  summary: roleProcedure("patient", "doctor")
    .meta({ openapi: { method: "GET", path: "/appointments/summary", tags: ["appointments"], summary: "Dashboard figures", protect: true } })
    .input(z.void())
    .output(appointmentSummarySchema)
    .query(({ ctx }) => appointmentSummary(ctx)),

  recentActivity: roleProcedure("doctor")
    .meta({ openapi: { method: "GET", path: "/activity", tags: ["appointments"], summary: "Latest events around your patients", protect: true } })
    .input(z.object({ limit: z.coerce.number().int().min(1).max(50).optional() }).optional())
    .output(z.array(activityEventSchema))
    .query(({ ctx, input }) => recentActivityOfDoctor(ctx.db, ctx.user.id, input?.limit ?? 5)),
});
