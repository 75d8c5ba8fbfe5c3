// What a browser's WebAuthn ceremony sends back (as @simplewebauthn/browser serializes it, less
// what the server does not read), and a passkey as its owner sees it. The library checks the
// contents; these only bound the shape. Browser-safe.
import { z } from "zod";
import { enrolmentCodeField } from "./enrolment.schema";
import { idOf } from "../record-id";

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, "Expected base64url.");
const transports = z.array(z.string().max(32)).max(10);
const ceremonyCommon = {
  id: base64url.min(1).max(1_400),
  rawId: base64url.min(1).max(1_400),
  type: z.literal("public-key"),
  /** No extension is asked for, so none is read. */
  clientExtensionResults: z.object({}).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

export const registrationResponseSchema = z
  .object({
    ...ceremonyCommon,
    response: z.object({ clientDataJSON: base64url, attestationObject: base64url, transports: transports.optional() }),
  })
  .meta({ id: "PasskeyRegistrationResponse" });
export type RegistrationResponse = z.input<typeof registrationResponseSchema>;

export const authenticationResponseSchema = z
  .object({
    ...ceremonyCommon,
    response: z.object({ clientDataJSON: base64url, authenticatorData: base64url, signature: base64url, userHandle: base64url.optional() }),
  })
  .meta({ id: "PasskeyAuthenticationResponse" });
export type AuthenticationResponse = z.input<typeof authenticationResponseSchema>;

const passkeyName = z.string({ error: "Name your passkey." }).trim().min(1, "Name your passkey.").max(60, "A passkey's name has at most 60 characters.");

export const passkeySchema = z
  .object({ id: z.number().int(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() })
  .meta({ id: "Passkey" });
export type PasskeyView = z.infer<typeof passkeySchema>;

export const addPasskeyInputSchema = z.object({ name: passkeyName, response: registrationResponseSchema, enrolmentCode: enrolmentCodeField });
/** The new passkey; and when it turned two-step sign-in on, ten recovery codes, shown this once (else none). */
export const passkeyAddedSchema = z.object({ passkey: passkeySchema, recoveryCodes: z.array(z.string()) });
export const renamePasskeyInputSchema = z.object({ id: idOf("id"), name: passkeyName });
export const passkeyIdInputSchema = z.object({ id: idOf("id") });
export const passkeySignInInputSchema = z.object({ response: authenticationResponseSchema });

/** Options for navigator.credentials.create or get, as @simplewebauthn/browser takes them: the challenge, and what the browser needs to know. */
export const ceremonyOptionsSchema = z.looseObject({ challenge: z.string() }).meta({ id: "PasskeyCeremonyOptions" });
export type CeremonyOptions = z.infer<typeof ceremonyOptionsSchema>;
