// The authenticator app (TOTP, RFC 6238, via otplib): 6 digits per 30-second step, accepted for
// their step and one step either side (clock drift), and never twice: the newest step a code was
// accepted for is stored, and only a later step is taken again.
import { generate, generateSecret, generateURI, verify } from "otplib";

const STEP_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, { issuer, account }: { issuer: string; account: string }): string {
  return generateURI({ issuer, label: account, secret });
}

/** The code an authenticator shows at `at` (tests play the member's phone with it). */
export function totpCodeAt(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

/** The time step `code` belongs to when it is right at `at` and newer than `after`; otherwise undefined. */
export async function acceptedTimeStep(secret: string, code: string, at: Date, after: number | null): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(at.getTime() / 1000),
    epochTolerance: STEP_SECONDS,
    ...(after === null ? {} : { afterTimeStep: after }),
  });
  return result.valid && "timeStep" in result ? result.timeStep : undefined;
}
