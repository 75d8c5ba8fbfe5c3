import { z } from "zod";
import { appointmentSchema } from "../appointments/appointment.schema";
import { presentAppointment } from "../appointments/presented";
import { authedProcedure, roleProcedure, router } from "../trpc";
import { acceptOffer, declineOffer, listOwnOffers } from "./answers";
import { joinWaitlist, leaveWaitlist, listWaitlist } from "./entries";
import { joinWaitlistInputSchema, waitlistEntrySchema, waitlistIdInputSchema, waitlistListInputSchema, waitlistOfferSchema } from "./waitlist.schema";

const done = z.object({ ok: z.literal(true) });

export const waitlistRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/waitlist",
        tags: ["waitlist"],
        summary: "Who waits, longest first, with how long they have waited",
        description:
          "Patients: their own entries. Doctors: the entries naming them (another doctor's `doctorId`: 403). Admins: every entry, or one doctor's with `doctorId`.",
        protect: true,
      },
    })
    .input(waitlistListInputSchema)
    .output(z.array(waitlistEntrySchema))
    .query(({ ctx, input }) => listWaitlist(ctx, input?.doctorId)),

  join: roleProcedure("patient")
    .meta({
      openapi: {
        method: "POST",
        path: "/waitlist",
        tags: ["waitlist"],
        summary: "Join a doctor's waitlist, or any doctor's for a service",
        description: "With the weekdays and clock times (the clinic's zone) that suit you, and the last date you want an offer for.",
        protect: true,
      },
    })
    .input(joinWaitlistInputSchema)
    .output(waitlistEntrySchema)
    .mutation(({ ctx, input }) => joinWaitlist(ctx, input)),

  leave: roleProcedure("patient", "admin")
    .meta({
      openapi: { method: "DELETE", path: "/waitlist/{id}", tags: ["waitlist"], summary: "Leave a waitlist (admins: remove an entry)", protect: true },
    })
    .input(waitlistIdInputSchema)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      await leaveWaitlist(ctx, input.id);
      return { ok: true as const };
    }),

  offers: roleProcedure("patient")
    .meta({ openapi: { method: "GET", path: "/waitlist/offers", tags: ["waitlist"], summary: "The freed hours held for you now", protect: true } })
    .input(z.void())
    .output(z.array(waitlistOfferSchema))
    .query(({ ctx }) => listOwnOffers(ctx)),

  accept: roleProcedure("patient")
    .meta({
      openapi: {
        method: "POST",
        path: "/waitlist/offers/{id}/accept",
        tags: ["waitlist"],
        summary: "Accept an offer: books the hour",
        description: "Only while it is held for you: an offer answered already, withdrawn or run out is a 409, and nothing is booked.",
        protect: true,
      },
    })
    .input(waitlistIdInputSchema)
    .output(appointmentSchema)
    .mutation(async ({ ctx, input }) => presentAppointment(ctx, await acceptOffer(ctx, input.id))),

  decline: roleProcedure("patient")
    .meta({
      openapi: {
        method: "POST",
        path: "/waitlist/offers/{id}/decline",
        tags: ["waitlist"],
        summary: "Decline an offer: the hour goes to the next person",
        protect: true,
      },
    })
    .input(waitlistIdInputSchema)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      await declineOffer(ctx, input.id);
      return { ok: true as const };
    }),
});
