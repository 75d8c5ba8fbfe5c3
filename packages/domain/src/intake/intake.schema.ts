// Intake and consent: what the procedures accept and answer. Browser-safe.
import { z } from "zod";
import { idOf } from "../record-id";

export const CONSENT_KINDS = ["treatment", "telehealth"] as const;
export const consentKindSchema = z.enum(CONSENT_KINDS, { error: "Choose the treatment or the telehealth consent" });
export type ConsentKind = z.infer<typeof consentKindSchema>;

export const CONSENT_TITLES: Record<ConsentKind, string> = {
  treatment: "Consent to treatment",
  telehealth: "Telehealth consent",
};

export const CONSENT_BODY_MAX = 20_000;
const INTAKE_TEXT_MAX = 4_000;

export const intakeFormSchema = z
  .object({
    reason: z.string(),
    medications: z.string(),
    emergencyContactName: z.string(),
    emergencyContactPhone: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "IntakeForm" });
export type IntakeForm = z.infer<typeof intakeFormSchema>;

export const consentStatusSchema = z
  .object({
    kind: consentKindSchema,
    title: z.string(),
    /** The form as it stands now: the version a patient signs. */
    version: z.number().int(),
    body: z.string(),
    /** SHA-256 (hex) of the body in UTF-8. */
    bodyHash: z.string(),
    /** The patient's latest signature of this form, of whatever version. */
    signed: z.object({ version: z.number().int(), typedName: z.string(), signedAt: z.string(), bodyHash: z.string() }).nullable(),
    /** True when the latest signature is of the current version. */
    current: z.boolean(),
  })
  .meta({ id: "ConsentStatus" });
export type ConsentStatus = z.infer<typeof consentStatusSchema>;

export const intakeStatusSchema = z
  .object({
    intake: intakeFormSchema.nullable(),
    consents: z.array(consentStatusSchema),
    /** The intake is filled in and every consent's current version signed. */
    complete: z.boolean(),
  })
  .meta({ id: "IntakeStatus" });
export type IntakeStatus = z.infer<typeof intakeStatusSchema>;

const text = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .min(1, `Fill in ${what.toLowerCase()}`)
    .max(max, `${what} can be at most ${max} characters`);

export const saveIntakeInputSchema = z
  .object({
    reason: text("The reason for seeking care", INTAKE_TEXT_MAX),
    medications: text("Current medications", INTAKE_TEXT_MAX),
    emergencyContactName: text("The emergency contact's name", 200),
    emergencyContactPhone: z
      .string({ error: "The emergency contact's phone must be text" })
      .trim()
      .regex(/^\+?[\d\s().-]{7,25}$/, "Give the emergency contact's phone number, like (555) 123-4567"),
  })
  .meta({ id: "SaveIntakeInput" });
export type SaveIntakeInput = z.input<typeof saveIntakeInputSchema>;

export const signConsentInputSchema = z
  .object({
    kind: consentKindSchema,
    /** The version the patient read: signing an older one answers 409. */
    version: z.coerce.number({ error: "Say which version you read" }).int().positive(),
    typedName: z.string({ error: "Type your full name to sign" }).trim().min(1, "Type your full name to sign").max(200, "That is longer than any name"),
  })
  .meta({ id: "SignConsentInput" });

export const patientIntakeInputSchema = z.object({ patientId: idOf("patientId") });

export const consentDocumentSchema = z
  .object({ kind: consentKindSchema, title: z.string(), version: z.number().int(), body: z.string(), bodyHash: z.string(), createdAt: z.string() })
  .meta({ id: "ConsentDocument" });
export type ConsentDocument = z.infer<typeof consentDocumentSchema>;

export const updateConsentInputSchema = z
  .object({
    kind: consentKindSchema,
    /** The version the admin edited: if another admin published one since, the change answers 409. */
    baseVersion: z.coerce.number({ error: "Say which version you edited (baseVersion)" }).int().positive(),
    body: z
      .string({ error: "The consent's text must be text" })
      .trim()
      .min(40, "A consent needs at least a few sentences")
      .max(CONSENT_BODY_MAX, `A consent can be at most ${CONSENT_BODY_MAX} characters`),
  })
  .meta({ id: "UpdateConsentInput" });
