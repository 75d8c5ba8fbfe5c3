import { z } from "zod";

export const doctorSchema = z
  .object({
    id: z.number().int().describe("The doctor's user id, as used by appointments and messages"),
    firstName: z.string(),
    lastName: z.string(),
    specialization: z.string(),
    profileImageUrl: z.string().nullable(),
  })
  .meta({ id: "Doctor" });
export type Doctor = z.infer<typeof doctorSchema>;
