// What the care-relationship procedures accept and answer. Browser-safe.
import { z } from "zod";
import { idOf, recordId } from "../record-id";

/** How a patient came into a doctor's care. */
export const careOriginSchema = z.enum(["booking", "doctor", "admin"]);
export type CareOrigin = z.infer<typeof careOriginSchema>;

export const careTeamMemberSchema = z
  .object({
    doctorId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    specialization: z.string().nullable(),
    since: z.string(),
    origin: careOriginSchema,
  })
  .meta({ id: "CareTeamMember" });
export type CareTeamMember = z.infer<typeof careTeamMemberSchema>;

export const careTeamInputSchema = z.object({ patientId: idOf("patientId") });

export const careChangeInputSchema = z.object({
  patientId: idOf("patientId"),
  doctorId: recordId("Choose a doctor"),
});

export const careEndedSchema = z
  .object({
    /** Sessions of the pair still to come, cancelled with the relationship. */
    cancelledSessions: z.number().int(),
  })
  .meta({ id: "CareEnded" });
