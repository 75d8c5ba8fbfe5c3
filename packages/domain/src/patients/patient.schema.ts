import { z } from "zod";
import { dateOfBirthField, phoneNumberField } from "../users/profile-fields";
import { publicUserSchema, serverIssuesPassword } from "../users/user.schema";

export const patientSummarySchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phoneNumber: z.string(),
    dateOfBirth: z.string(),
    lastSessionAt: z.string().nullable(),
    latestRating: z.number().nullable(),
    nextAppointmentAt: z.string().nullable(),
  })
  .meta({ id: "PatientSummary" });
export type PatientSummary = z.infer<typeof patientSummarySchema>;

export const listPatientsInputSchema = z
  .object({
    search: z.string().trim().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
    offset: z.coerce.number().int().min(0).optional(),
  })
  .optional();

const PROFILE_REQUIRED = "First name, last name, phone number, and date of birth are required";

export const addPatientInputSchema = z
  .object({
    firstName: z.string({ error: PROFILE_REQUIRED }).trim().min(1, PROFILE_REQUIRED).max(100),
    lastName: z.string({ error: PROFILE_REQUIRED }).trim().min(1, PROFILE_REQUIRED).max(100),
    phoneNumber: phoneNumberField(PROFILE_REQUIRED),
    dateOfBirth: dateOfBirthField(PROFILE_REQUIRED),
    email: z.preprocess((v) => (v === "" ? null : v), z.email("Enter a valid email address, or leave it empty").nullish()),
    password: serverIssuesPassword,
  })
  .meta({ id: "AddPatientInput" });
export type AddPatientInput = z.input<typeof addPatientInputSchema>;

export const addedPatientSchema = z
  .object({
    patient: publicUserSchema,
    /** Shown once: the patient signs in with it and must then choose their own. */
    oneTimePassword: z.string(),
  })
  .meta({ id: "AddedPatient" });
