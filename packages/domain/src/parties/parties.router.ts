import { z } from "zod";
import { appointmentSchema } from "../appointments/appointment.schema";
import { presentAppointment } from "../appointments/presented";
import { roleProcedure, router } from "../trpc";
import { acceptInvitation, declineInvitation, receivedInvitations } from "./invitations";
import { invitationIdInputSchema, receivedInvitationSchema } from "./party.schema";

export const partiesRouter = router({
  invitations: roleProcedure("patient")
    .meta({
      openapi: {
        method: "GET",
        path: "/party-invitations",
        tags: ["appointments"],
        summary: "Invitations to join a couple's session, waiting for your answer",
        description: "Those sent to your verified email address, for sessions still to come.",
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(receivedInvitationSchema))
    .query(({ ctx }) => receivedInvitations(ctx)),

  accept: roleProcedure("patient")
    .meta({
      openapi: {
        method: "POST",
        path: "/party-invitations/{id}/accept",
        tags: ["appointments"],
        summary: "Join the session you were invited to",
        description: "Takes your own place in it (in the doctor's care, with its notices to you). Answered already, withdrawn or past: 409.",
        protect: true,
      },
    })
    .input(invitationIdInputSchema)
    .output(appointmentSchema)
    .mutation(async ({ ctx, input }) => presentAppointment(ctx, await acceptInvitation(ctx, input.id))),

  decline: roleProcedure("patient")
    .meta({
      openapi: { method: "POST", path: "/party-invitations/{id}/decline", tags: ["appointments"], summary: "Decline an invitation", protect: true },
    })
    .input(invitationIdInputSchema)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await declineInvitation(ctx, input.id);
      return { ok: true as const };
    }),
});
