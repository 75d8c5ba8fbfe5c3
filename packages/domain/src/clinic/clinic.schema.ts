import { z } from "zod";
import { workingHoursInputSchema } from "../admin/admin.schema";

/** A bookable clinician as the public pages show one: no contact details. */
export const clinicianSchema = z
  .object({
    id: z.number().int().describe("The doctor's user id, as booking takes it"),
    firstName: z.string(),
    lastName: z.string(),
    specialization: z.string(),
  })
  .meta({ id: "Clinician" });
export type Clinician = z.infer<typeof clinicianSchema>;

/** What anyone, signed in or not, may know about the clinic: its hours, its policy and who can be booked. */
export const clinicProfileSchema = z
  .object({
    clinicName: z.string(),
    clinicTimeZone: z.string(),
    defaultWorkingHours: workingHoursInputSchema,
    cancellationWindowHours: z.number().describe("A patient's cancellation inside this many hours is late, and such a session cannot be moved online"),
    clinicians: z.array(clinicianSchema),
    currency: z.string().describe("The clinic's one currency (ISO 4217), in whose minor units every fee is given"),
    cardPayments: z.boolean().describe("Whether patients may pay by card (Stripe is set up); if not, the clinic takes payments by hand only"),
  })
  .meta({ id: "ClinicProfile" });
export type ClinicProfile = z.infer<typeof clinicProfileSchema>;
