import { z } from "zod";
import { idOf } from "../record-id";
import { ROOM_CLOSURES } from "./visit-times";
export * from "./visit-times";

export const visitStateSchema = z.enum(["not_open", "open", "ended"]);
export type VisitState = z.infer<typeof visitStateSchema>;

const iceServerSchema = z.object({ urls: z.union([z.string(), z.array(z.string())]), username: z.string().optional(), credential: z.string().optional() });

/** A visit's room: whether it is open, when, and how the browser reaches the other party. */
export const visitSchema = z
  .object({
    id: z.number().int(),
    /** Null for an instant visit. */
    appointmentId: z.number().int().nullable(),
    state: visitStateSchema,
    /** The viewer's part in the visit. */
    role: z.enum(["doctor", "patient"]),
    /** Who the viewer meets: the remote video is named after them. */
    otherParty: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
    opensAt: z.string(),
    /** The end of its window (an instant visit's: two hours after its start), or the doctor's end if earlier. */
    closesAt: z.string(),
    /** Why it is closed for good (null until then): the doctor ended it, its time is up, its session was cancelled or closed, or the care ended. */
    closedBecause: z.enum(ROOM_CLOSURES).nullable(),
    /** When the doctor first admitted the patient: the visit's actual start. */
    startedAt: z.string().nullable(),
    /** When the doctor ended the visit: its actual end. */
    endedAt: z.string().nullable(),
    /**
     * For the patient, while the telehealth consent is not signed in its current version: what to
     * sign and where, worded for them (joining is refused until then, CONSENT_REQUIRED). Null once
     * signed, and always for the doctor.
     */
    consentNeeded: z.string().nullable(),
    /** Only while the room is open; a TURN credential expires with the room at the latest. */
    iceServers: z.array(iceServerSchema),
  })
  .meta({ id: "Visit" });
export type VisitView = z.infer<typeof visitSchema>;

export const appointmentVisitInputSchema = z.object({ id: idOf("id") });
export const visitIdInputSchema = z.object({ id: idOf("id") });
export const instantVisitInputSchema = z.object({ patientId: idOf("patientId") });

/** A patient waiting in one of the doctor's open rooms to be admitted. */
export const waitingPatientSchema = z
  .object({
    visitId: z.number().int(),
    appointmentId: z.number().int().nullable(),
    patientId: z.number().int(),
    patientName: z.string(),
    since: z.string(),
  })
  .meta({ id: "WaitingPatient" });
export type WaitingPatientView = z.infer<typeof waitingPatientSchema>;

/** Where a member and their partner meet now (`visitId`), or when their next session's room opens. */
export const partnerVisitSchema = z.object({ visitId: z.number().int().nullable(), nextOpensAt: z.string().nullable() }).meta({ id: "PartnerVisit" });
export type PartnerVisit = z.infer<typeof partnerVisitSchema>;
export const partnerVisitInputSchema = z.object({ partnerId: idOf("partnerId") });
