// Weekly series: the preview of a series' dates, its booking, and changes asked from one of its
// sessions for a scope (this session, this and the following, the whole series).
import { presentAppointments } from "../appointments/presented";
import { authedProcedure, router } from "../trpc";
import { bookSeries } from "./book-series";
import { changeSeries } from "./change-series";
import { previewSeries } from "./preview-series";
import { bookSeriesInputSchema, changeSeriesInputSchema, seriesChangeSchema, seriesPreviewInputSchema, seriesPreviewSchema } from "./series.schema";
import { z } from "zod";

const bookedSeriesSchema = seriesChangeSchema.extend({ seriesId: z.number().int() }).meta({ id: "BookedSeries" });

export const seriesRouter = router({
  preview: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/doctors/{doctorId}/series-preview",
        tags: ["appointments"],
        summary: "Every date of a weekly series before it is booked, and which are taken",
        description:
          "For whoever may book it (a patient for themselves, a doctor for a patient in their care, an admin). Each occurrence is the instant the rule places it at, with its problem: doctor_busy, patient_busy or outside_hours (null when free).",
        protect: true,
      },
    })
    .input(seriesPreviewInputSchema)
    .output(seriesPreviewSchema)
    .query(({ ctx, input }) => previewSeries(ctx, input)),

  book: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/appointment-series",
        tags: ["appointments"],
        summary: "Book a weekly series: every 1, 2 or 4 weeks, up to 52 sessions, all or nothing",
        description:
          "Who may book for whom as for one session. Taken dates are skipped or moved by `exceptions`; a date still taken refuses the whole series (409) and nothing is written.",
        protect: true,
      },
    })
    .input(bookSeriesInputSchema)
    .output(bookedSeriesSchema)
    .mutation(async ({ ctx, input }) => {
      const booked = await bookSeries(ctx, input);
      return { seriesId: booked.seriesId, appointments: await presentAppointments(ctx, booked.appointments) };
    }),

  change: authedProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/appointments/{id}/series",
        tags: ["appointments"],
        summary: "Move, edit or cancel a session of a series: this one, this and the following, or the whole series",
        description:
          "`scope` is required. Only sessions still scheduled and still to come change, each under its own cancellation window; `this` is exactly PATCH /appointments/{id}.",
        protect: true,
      },
    })
    .input(changeSeriesInputSchema)
    .output(seriesChangeSchema)
    .mutation(async ({ ctx, input }) => ({ appointments: await presentAppointments(ctx, await changeSeries(ctx, input)) })),
});
