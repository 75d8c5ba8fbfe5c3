import { z } from "zod";

export const activityEventSchema = z
  .object({
    kind: z.enum(["notes_written", "session_booked", "session_cancelled"]),
    at: z.string(),
    appointmentId: z.number().int().nullable(),
    patientId: z.number().int(),
    patientName: z.string(),
    progressRating: z.number().nullable(),
    lateCancellation: z.boolean(),
  })
  .meta({ id: "ActivityEvent" });
export type ActivityEvent = z.infer<typeof activityEventSchema>;
