import { z } from "zod";

export const secondStepCodeSchema = z.object({
  code: z
    .string({ error: "Enter the code from your authenticator app, or a recovery code." })
    .trim()
    .min(6, "Enter the code from your authenticator app, or a recovery code.")
    .max(32),
});

export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const twoStepStatusSchema = z.object({ totp: z.boolean(), recoveryCodesLeft: z.number().int() });
export const recheckInputSchema = z.object({ password: z.string({ error: "Enter your password." }).min(1, "Enter your password.").max(1024) });
export const recheckOutputSchema = z.object({ verifiedUntil: z.string() });
export const secondStepRequiredSchema = z.object({ mfaRequired: z.literal(true), methods: z.array(z.enum(["totp", "recovery_code"])) });
export type SecondStepRequired = z.infer<typeof secondStepRequiredSchema>;
