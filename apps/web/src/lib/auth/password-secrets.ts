// What the web app sends instead of a password. The password is turned into two secrets here, in
// the browser (Argon2id with the member's salt and parameters, then HKDF): the authKey, which the
// server verifies, and the sealKey, which opens the member's messaging key and is never sent. The
// salt comes first from the server (an unknown username gets a stable, plausible one too). The
// derivation's code (hash-wasm, jose) is fetched the first time a password is typed.
import type { Secrets } from "@halcyon/sealed";

import { trpcClient } from "../trpc";

/** The secrets of one typed password; the password itself stays with the caller, for a key still sealed the old way. */
export interface PasswordSecrets extends Secrets {
  /** While the clinic still has members with a pre-split verifier: the proof their old hash asks for. */
  legacyProof?: string;
}

/** A refusal the browser makes itself, before anything is sent: said at the password's field. */
export class PasswordRefused extends Error {}

/**
 * The password's secrets for `username`, with the parameters the server gives for that name; for
 * a sign-in, also the proof a pre-split verifier asks for while the clinic still has any.
 */
export async function secretsOf(username: string, password: string, { signingIn = false } = {}): Promise<PasswordSecrets> {
  const [{ kdf, legacy }, { deriveSecrets, legacyProofOf }] = await Promise.all([trpcClient.auth.signInParams.mutate({ username }), import("@halcyon/sealed")]);
  const secrets = await deriveSecrets(password, kdf);
  return signingIn && legacy ? { ...secrets, legacyProof: await legacyProofOf(password, legacy) } : secrets;
}

const loadRules = () => import("@halcyon/domain/password-rules");

/**
 * The clinic's password rules, judged where the password is (the server never sees it): the same
 * `judgePassword` the server applies to a plain password. Throws PasswordRefused with the reason.
 */
export async function requireAcceptablePassword(
  password: string,
  owner: { username: string; firstName?: string | null; lastName?: string | null },
): Promise<void> {
  const { problem } = (await loadRules()).judgePassword(password, owner);
  if (problem) throw new PasswordRefused(problem);
}

/** Whether a password typed at sign-in falls short of today's rules (the server then asks once for a better one). */
export async function fallsShort(password: string, username: string): Promise<boolean> {
  return (await loadRules()).judgePassword(password, { username }).problem !== null;
}
