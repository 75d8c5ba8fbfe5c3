// What the procedures of sessions of several patients accept and answer. Browser-safe.
import { z } from "zod";
import { idOf } from "../record-id";

export const invitationIdInputSchema = z.object({ id: idOf("Invitation id") });

/** An invitation waiting for the caller's answer: the session it is to, and who asked. */
export const receivedInvitationSchema = z
  .object({
    id: z.number().int(),
    startTime: z.string(),
    endTime: z.string(),
    title: z.string(),
    doctorName: z.string(),
    /** The patient who booked the session and named the caller. */
    invitedBy: z.string(),
  })
  .meta({ id: "PartyInvitation" });
export type ReceivedInvitation = z.infer<typeof receivedInvitationSchema>;

/**
 * On a patient's place in a couple's or a group's session: what the reader may see of it. To its
 * doctor and admins, every other patient in it and a couple's invitation; to a couple's patient,
 * their partner (and, to the one who booked, the invitation); to a group's member, nobody else.
 */
export const partyDetailsSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["couple", "group"]),
  /** The others in the session, as the reader may see them (patientId only to staff). */
  others: z.array(z.object({ name: z.string(), patientId: z.number().int().optional() })),
  /** A couple's partner invitation: the address named and where it stands. */
  invitation: z.object({ email: z.string(), status: z.enum(["pending", "accepted", "declined", "withdrawn"]) }).optional(),
});
export type PartyDetails = z.infer<typeof partyDetailsSchema>;
