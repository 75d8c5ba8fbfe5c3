// What the procedures of sessions of several patients accept and answer. Browser-safe.
import { z } from "zod";
import { idOf } from "../record-id";
import { GROUP_CAPACITY } from "./group-capacity";
import { SESSION_NOTES_MAX } from "../treatment-sessions/note-limits";

export const invitationIdInputSchema = z.object({ id: idOf("Invitation id") });

/**
 * An invitation waiting for the caller's answer: when, and who asked (by first name). Said before
 * it is accepted to whoever holds the address, so no more than the email said: never the title
 * the booker wrote, their full name or the service; the clinician only when the clinic names
 * clinicians in notices.
 */
export const receivedInvitationSchema = z
  .object({
    id: z.number().int(),
    startTime: z.string(),
    endTime: z.string(),
    /** The first name of the patient who booked the session and named the caller. */
    invitedBy: z.string(),
    /** The clinician's name, only when the clinic names clinicians in notices. */
    clinicianName: z.string().nullable(),
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

const instant = (what: string) =>
  z.iso.datetime({ offset: true, error: `Give the ${what} as an ISO-8601 time with its offset, like 2026-11-23T10:00:00-05:00` });

export const createGroupInputSchema = z
  .object({
    /** Admins name the doctor; a doctor sets their own groups (left out: themselves). */
    doctorId: idOf("doctorId").optional(),
    title: z.string({ error: "Give the group a title" }).trim().min(1, "Give the group a title").max(120, "Titles can be at most 120 characters"),
    startTime: instant("group's date and time"),
    capacity: z
      .number({ error: `A group holds ${GROUP_CAPACITY.min} to ${GROUP_CAPACITY.max} patients` })
      .int(`A group holds ${GROUP_CAPACITY.min} to ${GROUP_CAPACITY.max} patients`)
      .min(GROUP_CAPACITY.min, `A group holds ${GROUP_CAPACITY.min} to ${GROUP_CAPACITY.max} patients`)
      .max(GROUP_CAPACITY.max, `A group holds ${GROUP_CAPACITY.min} to ${GROUP_CAPACITY.max} patients`),
    /** A group service of the clinic's: each member's place agrees its fee. */
    serviceId: idOf("serviceId"),
  })
  .meta({ id: "CreateGroupInput" });
export type CreateGroupInput = z.input<typeof createGroupInputSchema>;

export const groupIdInputSchema = z.object({ id: idOf("Group id") });
export const addGroupMemberInputSchema = z.object({ id: idOf("Group id"), patientId: idOf("patientId") });
export const listGroupsInputSchema = z.object({ doctorId: idOf("doctorId").optional() }).optional();

/**
 * A group still to come. To a patient: its doctor, time, seats and whether they are in it (never
 * who else is). To its doctor and admins: its members too.
 */
export const groupSchema = z
  .object({
    id: z.number().int(),
    doctorId: z.number().int(),
    doctorName: z.string(),
    title: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    capacity: z.number().int(),
    /** Places taken. */
    taken: z.number().int(),
    full: z.boolean(),
    /** To a patient: their own place in it, if they have one. */
    placeId: z.number().int().optional(),
    members: z.array(z.object({ patientId: z.number().int(), name: z.string(), appointmentId: z.number().int() })).optional(),
  })
  .meta({ id: "Group" });
export type Group = z.infer<typeof groupSchema>;

export const partyIdInputSchema = z.object({ partyId: idOf("partyId") });

/** Signing names the draft the doctor read (its `updatedAt`), so a draft saved meanwhile is never signed unseen. */
export const signPartyNoteInputSchema = z
  .object({ partyId: idOf("partyId"), readAt: z.iso.datetime({ error: "Give the draft's updatedAt, as the note was read" }) })
  .meta({ id: "SignPartyNoteInput" });

/** The session's note: its text is the session's, written by its doctor (one note a session). */
export const writePartyNoteInputSchema = z
  .object({
    partyId: idOf("partyId"),
    body: z
      .string({ error: "Write the session's note" })
      .trim()
      .min(1, "Write the session's note")
      .max(SESSION_NOTES_MAX, `A session's note can be at most ${SESSION_NOTES_MAX} characters`),
  })
  .meta({ id: "WritePartyNoteInput" });

export const sharePartyNoteInputSchema = z
  .object({ partyId: idOf("partyId"), patientId: idOf("patientId"), shared: z.boolean({ error: "Say whether the note is shared (true or false)" }) })
  .meta({ id: "SharePartyNoteInput" });

/**
 * The note of a couple's or a group's session. To its doctor: with every participant, whether they
 * attended and whether the note is shared with them. To a participant it is shared with: the note
 * alone, never who else was there.
 */
export const partyNoteSchema = z
  .object({
    partyId: z.number().int(),
    kind: z.enum(["couple", "group"]),
    doctorName: z.string(),
    body: z.string(),
    updatedAt: z.string(),
    signedAt: z.string().nullable(),
    /** SHA-256 (hex) of what was signed; null while a draft. */
    contentHash: z.string().nullable(),
    /** Only to the session's doctor. */
    participants: z
      .array(
        z.object({ patientId: z.number().int(), name: z.string(), status: z.enum(["scheduled", "completed", "cancelled", "no_show"]), shared: z.boolean() }),
      )
      .optional(),
  })
  .meta({ id: "PartyNote" });
export type PartyNote = z.infer<typeof partyNoteSchema>;
