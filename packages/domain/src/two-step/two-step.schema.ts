import { z } from "zod";
import { enrolmentCodeField } from "./enrolment.schema";
import { authenticationResponseSchema } from "./passkeys.schema";

const ENTER_CODE = "Enter the code from your authenticator app, or a recovery code.";
const code = z.string({ error: ENTER_CODE }).trim().min(6, ENTER_CODE).max(32);

export const confirmTotpInputSchema = z.object({ code, enrolmentCode: enrolmentCodeField });

/** The second step: a code, or a passkey's answer to a challenge from POST /api/login/passkey/options. */
export const secondStepInputSchema = z
  .object({ code: code.optional(), passkey: authenticationResponseSchema.optional() })
  .transform((input, check): { code: string } | { passkey: z.infer<typeof authenticationResponseSchema> } => {
    if (input.passkey) return { passkey: input.passkey };
    if (input.code !== undefined) return { code: input.code };
    check.addIssue({ code: "custom", path: ["code"], message: ENTER_CODE });
    return z.NEVER;
  });

export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const twoStepStatusSchema = z.object({ totp: z.boolean(), passkeys: z.number().int(), recoveryCodesLeft: z.number().int() });

const ENTER_PASSWORD = "Enter your password.";
const AUTH_KEY_FORMAT = "An authKey is 43 base64url characters: the sign-in secret the web app derives from the password.";
/** A re-check: the password (the specification's clients), the web app's authKey, or a passkey's answer to a challenge from POST /api/login/passkey/options. */
export const recheckInputSchema = z
  .object({
    password: z.string({ error: ENTER_PASSWORD }).min(1, ENTER_PASSWORD).max(1024).optional(),
    authKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, AUTH_KEY_FORMAT)
      .optional(),
    passkey: authenticationResponseSchema.optional(),
  })
  .transform((input, check): RecheckProof => {
    if (input.passkey) return { passkey: input.passkey };
    if (input.authKey !== undefined) return { authKey: input.authKey };
    if (input.password !== undefined) return { password: input.password };
    check.addIssue({ code: "custom", path: ["password"], message: ENTER_PASSWORD });
    return z.NEVER;
  });
export type RecheckProof = { password: string } | { authKey: string } | { passkey: z.infer<typeof authenticationResponseSchema> };
export const recheckOutputSchema = z.object({ verifiedUntil: z.string() });
export const secondStepMethodSchema = z.enum(["totp", "passkey", "recovery_code"]);
export type SecondStepMethod = z.infer<typeof secondStepMethodSchema>;
export const secondStepRequiredSchema = z.object({ mfaRequired: z.literal(true), methods: z.array(secondStepMethodSchema) });
export type SecondStepRequired = z.infer<typeof secondStepRequiredSchema>;
