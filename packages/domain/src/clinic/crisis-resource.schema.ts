// Where a patient in crisis is pointed (shown at once when a PHQ-9 raises the safety alert). Browser-safe.
import { z } from "zod";

/** Where to turn in a crisis: the clinic sets these; the defaults are the 988 Lifeline and emergency services. */
export const crisisResourceSchema = z
  .object({
    name: z.string().trim().min(1, "Name the resource").max(80),
    contact: z.string().trim().min(1, "Say how to reach it").max(80),
    detail: z.string().trim().max(200).optional(),
  })
  .meta({ id: "CrisisResource" });
export type CrisisResource = z.infer<typeof crisisResourceSchema>;
