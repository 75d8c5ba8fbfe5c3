// What the server knows of a member's password since issue 33: the salt and parameters their
// browser derives with (the sign-in params), and an Argon2id verifier of the sign-in secret
// (authKey) derived from it; never anything the seal secret follows from. Members from before
// the split keep a wrapped form of their old hash until their next sign-in upgrades it.
import { createHmac } from "node:crypto";
import { unwrappedLegacyVerifiers, usernameKey, wrapLegacyVerifier, type Credentials, type PasswordKdf } from "@halcyon/db";
import type { ClinicServices } from "../context";
import { argon2idRaw, authKeyOf, hashSecret, verifyDecoy, verifySecret } from "./passwords";

/** How a client proves a password: the password itself (the specification's call), or the secrets the web app derives from it. */
export type PasswordProof = { password: string } | { authKey: string; legacyProof?: string | undefined };

/** What the old server's hashes were made with (OWASP's argon2id figures): a believable answer for someone who has no old hash. */
const LEGACY_DEFAULTS = { memoryKiB: 19_456, iterations: 2, parallelism: 1 } as const;

type Secrets = Pick<ClinicServices, "secrets" | "config">;

/** 16 bytes only the server can compute, stable for a username: what it answers for `label` whether or not the account exists. */
function saltFor(services: Secrets, label: string): string {
  return createHmac("sha256", services.secrets.keyFor("kdf-salts")).update(label).digest().subarray(0, 16).toString("base64url");
}

/**
 * A new member's derivation: the salt the sign-in params already gave for their username before
 * the account existed, and today's parameters. Fixed at creation, never changed after.
 */
export function newMemberKdf(services: Secrets, username: string): PasswordKdf {
  return { salt: saltFor(services, usernameKey(username)), ...services.config.passwordKdf };
}

/** The old hash's salt and parameters answered for anyone who has none, while some member still does. */
export function standInLegacyKdf(services: Secrets, username: string): PasswordKdf {
  return { salt: saltFor(services, `legacy:${usernameKey(username)}`), ...LEGACY_DEFAULTS };
}

/** The derivation a member's secrets come from: their own, or (before their first sign-in since the split) the one they move to. */
export function kdfOf(services: Secrets, credentials: Credentials): PasswordKdf {
  return credentials.kdf ?? newMemberKdf(services, credentials.user.username);
}

export type ProofCheck = { proved: false } | { proved: true; upgrade: { hash: string; kdf: PasswordKdf } | null };

/**
 * Checks a proof against a member's verifier (or, for a username nobody has, against a decoy at
 * the same cost). A pre-split member's proof is their old hash's bytes, checked against a hash of
 * those bytes; proved, it answers the verifier they move to.
 */
export async function checkProof(services: Secrets, credentials: Credentials | undefined, username: string, proof: PasswordProof): Promise<ProofCheck> {
  if (!credentials) {
    const secret = "password" in proof ? await authKeyOf(proof.password, newMemberKdf(services, username)) : proof.authKey;
    await verifyDecoy(secret);
    return { proved: false };
  }
  if (credentials.kdf) {
    const authKey = "password" in proof ? await authKeyOf(proof.password, credentials.kdf) : proof.authKey;
    return (await verifySecret(credentials.passwordHash, authKey)) ? { proved: true, upgrade: null } : { proved: false };
  }
  // A pre-split member; one whose hash the start could not wrap cannot prove anything.
  const legacy = credentials.legacyKdf;
  const oldHash = !legacy ? undefined : "password" in proof ? await argon2idRaw(proof.password, legacy) : legacyProofBytes(proof.legacyProof);
  if (!oldHash || !(await verifySecret(credentials.passwordHash, oldHash))) return { proved: false };
  const kdf = newMemberKdf(services, credentials.user.username);
  const authKey = "password" in proof ? await authKeyOf(proof.password, kdf) : proof.authKey;
  return { proved: true, upgrade: { hash: await hashSecret(authKey), kdf } };
}

/** The 32 bytes a legacyProof carries, or undefined when it carries something else. */
function legacyProofBytes(legacyProof: string | undefined): Buffer | undefined {
  if (legacyProof === undefined || !/^[A-Za-z0-9_-]{43}$/.test(legacyProof)) return undefined;
  return Buffer.from(legacyProof, "base64url");
}

/** The salt, parameters and bytes of an argon2id PHC string as the old server stored them, or undefined. */
export function parseLegacyHash(phc: string): { kdf: PasswordKdf; hash: Buffer } | undefined {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(phc);
  if (!match) return undefined;
  const hash = Buffer.from(match[5]!, "base64");
  if (hash.length !== 32) return undefined;
  const salt = Buffer.from(match[4]!, "base64").toString("base64url");
  return { kdf: { salt, memoryKiB: Number(match[1]), iterations: Number(match[2]), parallelism: Number(match[3]) }, hash };
}

/**
 * Before the server serves (and idempotently): every pre-split hash still stored as it was made is
 * replaced by an Argon2id hash of its bytes, its salt and parameters kept beside it. The bytes a
 * stolen copy of the database holds from then on prove nothing. Answers how many were wrapped.
 */
export async function wrapLegacyVerifiers(services: Pick<ClinicServices, "db">): Promise<number> {
  let wrapped = 0;
  for (const { userId, passwordHash } of await unwrappedLegacyVerifiers(services.db)) {
    const parsed = parseLegacyHash(passwordHash);
    if (!parsed) continue;
    if (await wrapLegacyVerifier(services.db, userId, { hash: await hashSecret(parsed.hash), legacyKdf: parsed.kdf })) wrapped += 1;
  }
  return wrapped;
}
