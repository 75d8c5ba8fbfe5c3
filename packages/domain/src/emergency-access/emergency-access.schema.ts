// What the emergency-access procedures accept and answer. Browser-safe.
import { z } from "zod";
import { idOf } from "../record-id";
import { EMERGENCY_REASON_MAX, EMERGENCY_REASON_MIN } from "./reason-length";

export * from "./reason-length";

const REASON_REQUIRED = `Write why you need this record now, in at least ${EMERGENCY_REASON_MIN} characters: an admin will read it`;

export const requestEmergencyAccessInputSchema = z
  .object({
    patientId: idOf("patientId"),
    reason: z
      .string({ error: REASON_REQUIRED })
      .trim()
      .min(EMERGENCY_REASON_MIN, REASON_REQUIRED)
      .max(EMERGENCY_REASON_MAX, `Keep the reason to ${EMERGENCY_REASON_MAX} characters`),
  })
  .meta({ id: "RequestEmergencyAccessInput" });
export type RequestEmergencyAccessInput = z.input<typeof requestEmergencyAccessInputSchema>;

export const emergencyAccessInputSchema = z.object({ patientId: idOf("patientId") });

/**
 * A doctor's emergency access to one patient's record: open (until `expiresAt`), or, after an
 * admin ended the doctor's care of that patient, awaiting an admin's approval (`expiresAt` null
 * until then; approval opens it for an hour).
 */
export const emergencyAccessSchema = z
  .object({
    id: z.number().int(),
    patientId: z.number().int(),
    patientName: z.string(),
    status: z.enum(["open", "awaiting_approval"]),
    grantedAt: z.string().describe("When the doctor asked for it"),
    expiresAt: z.string().nullable().describe("When it closes; null while it awaits an admin's approval"),
  })
  .meta({ id: "EmergencyAccess" });
export type EmergencyAccess = z.infer<typeof emergencyAccessSchema>;

/** An emergency access as the admin reviews it: one that awaits approval opens only once an admin approves it. */
export const emergencyAccessReviewItemSchema = z
  .object({
    id: z.number().int(),
    doctorId: z.number().int(),
    doctorName: z.string(),
    patientId: z.number().int(),
    patientName: z.string(),
    reason: z.string(),
    awaitingApproval: z
      .boolean()
      .describe("An admin ended this doctor's care of the patient: approve it to open the record for an hour, or mark it reviewed to decline"),
    grantedAt: z.string(),
    expiresAt: z.string().nullable(),
  })
  .meta({ id: "EmergencyAccessReviewItem" });
export type EmergencyAccessReviewItem = z.infer<typeof emergencyAccessReviewItemSchema>;

export const reviewEmergencyAccessInputSchema = z.object({ id: idOf("id") });
