import { z } from "zod";
import { appointmentSchema } from "../appointments/appointment.schema";
import { presentAppointment } from "../appointments/presented";
import { authedProcedure, roleProcedure, router } from "../trpc";
import { addGroupMember, cancelGroup, createGroup, joinGroup, listGroups } from "./groups";
import { acceptInvitation, declineInvitation, receivedInvitations } from "./invitations";
import {
  addGroupMemberInputSchema,
  createGroupInputSchema,
  groupIdInputSchema,
  groupSchema,
  invitationIdInputSchema,
  listGroupsInputSchema,
  partyIdInputSchema,
  partyNoteSchema,
  receivedInvitationSchema,
  sharePartyNoteInputSchema,
  signPartyNoteInputSchema,
  writePartyNoteInputSchema,
} from "./party.schema";
import { partyNoteFor, sharePartyNote, signSessionNote, writePartyNote } from "./party-notes";

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

  groups: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/groups",
        tags: ["appointments"],
        summary: "Groups still to come",
        description:
          "Patients: the open groups of the doctors in whose care they are, with their seats and whether they are in each (never who else is). Doctors: their own, with members. Admins: every group, or one doctor's.",
        protect: true,
      },
    })
    .input(listGroupsInputSchema)
    .output(z.array(groupSchema))
    .query(({ ctx, input }) => listGroups(ctx, input?.doctorId)),

  createGroup: roleProcedure("doctor", "admin")
    .meta({
      openapi: {
        method: "POST",
        path: "/groups",
        tags: ["appointments"],
        summary: "Set a group: a title, an hour of the doctor's, 2 to 12 places, a group service",
        description: "Doctors set their own; admins name the doctor. The hour must be free (409) and bookable (400).",
        protect: true,
      },
    })
    .input(createGroupInputSchema)
    .output(groupSchema)
    .mutation(({ ctx, input }) => createGroup(ctx, input)),

  joinGroup: roleProcedure("patient")
    .meta({
      openapi: {
        method: "POST",
        path: "/groups/{id}/join",
        tags: ["appointments"],
        summary: "Take a place in a group of your doctor's",
        description: "A full group, one cancelled or begun, or a time you already have a session at: 409, and nothing is booked.",
        protect: true,
      },
    })
    .input(groupIdInputSchema)
    .output(appointmentSchema)
    .mutation(async ({ ctx, input }) => presentAppointment(ctx, await joinGroup(ctx, input.id))),

  addGroupMember: roleProcedure("doctor", "admin")
    .meta({
      openapi: {
        method: "POST",
        path: "/groups/{id}/members",
        tags: ["appointments"],
        summary: "Add a patient to a group",
        description: "The group's doctor adds a patient in their care (else 403); an admin adds any patient.",
        protect: true,
      },
    })
    .input(addGroupMemberInputSchema)
    .output(appointmentSchema)
    .mutation(async ({ ctx, input }) => presentAppointment(ctx, await addGroupMember(ctx, input.id, input.patientId))),

  cancelGroup: roleProcedure("doctor", "admin")
    .meta({
      openapi: { method: "POST", path: "/groups/{id}/cancel", tags: ["appointments"], summary: "Cancel a group: every place is cancelled", protect: true },
    })
    .input(groupIdInputSchema)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await cancelGroup(ctx, input.id);
      return { ok: true as const };
    }),

  note: roleProcedure("doctor", "patient")
    .meta({
      openapi: {
        method: "GET",
        path: "/parties/{partyId}/note",
        tags: ["appointments"],
        summary: "The note of a couple's or a group's session",
        description:
          "Its doctor: the note (null before it is written) with every participant, whether they attended and whether it is shared with them. A participant: the note once the doctor shares it with them (null until then), never who else took part. Anyone else: 404.",
        protect: true,
      },
    })
    .input(partyIdInputSchema)
    .output(partyNoteSchema.nullable())
    .query(({ ctx, input }) => partyNoteFor(ctx, input.partyId)),

  writeNote: roleProcedure("doctor")
    .meta({
      openapi: {
        method: "PUT",
        path: "/parties/{partyId}/note",
        tags: ["appointments"],
        summary: "Write the session's note (a draft, until signed)",
        description: "The session's doctor, from half an hour before it starts; a signed note: 409; a cancelled session: 409.",
        protect: true,
      },
    })
    .input(writePartyNoteInputSchema)
    .output(partyNoteSchema)
    .mutation(({ ctx, input }) => writePartyNote(ctx, input)),

  signNote: roleProcedure("doctor")
    .meta({
      openapi: {
        method: "POST",
        path: "/parties/{partyId}/note/sign",
        tags: ["appointments"],
        summary: "Sign the session's note: it never changes again",
        description: "`readAt` is the draft's `updatedAt` as read: a draft saved meanwhile, or a signature that came first, is a 409 and nothing is signed.",
        protect: true,
      },
    })
    .input(signPartyNoteInputSchema)
    .output(partyNoteSchema)
    .mutation(({ ctx, input }) => signSessionNote(ctx, input)),

  shareNote: roleProcedure("doctor")
    .meta({
      openapi: {
        method: "POST",
        path: "/parties/{partyId}/note/shares",
        tags: ["appointments"],
        summary: "Share the session's note with a participant, or stop sharing it",
        description: "Only with a patient who took part (400), once the note is signed (409): a participant never reads a draft.",
        protect: true,
      },
    })
    .input(sharePartyNoteInputSchema)
    .output(partyNoteSchema)
    .mutation(({ ctx, input }) => sharePartyNote(ctx, input)),
});
