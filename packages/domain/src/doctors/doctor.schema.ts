import { z } from "zod";
import { licenceField, npiField } from "../billing-documents/identifiers";
import { idOf } from "../record-id";

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

/** What superbills and estimates print of a clinician. */
export const doctorCredentialsSchema = z
  .object({
    doctorId: z.number().int(),
    name: z.string(),
    licence: z.string().nullable().describe('As printed, like "LCSW 123456 (NY)"'),
    npi: z.string().nullable().describe("The individual (type 1) National Provider Identifier"),
  })
  .meta({ id: "DoctorCredentials" });
export type DoctorCredentialsView = z.infer<typeof doctorCredentialsSchema>;

export const doctorIdInputSchema = z.object({ doctorId: idOf("doctorId") });

export const updateDoctorCredentialsInputSchema = z
  .object({ doctorId: idOf("doctorId"), licence: licenceField, npi: npiField })
  .meta({ id: "UpdateDoctorCredentialsInput" });
