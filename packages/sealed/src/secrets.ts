// The two secrets a password gives, split the way password managers split theirs: one slow
// Argon2id of the password (the "master", never stored or sent), then two HKDF expansions with
// different labels. The sign-in key (authKey) is what the server verifies; the seal key never
// leaves the browser and seals the member's private messaging key. Neither can be computed from
// the other without guessing the password at Argon2id's cost. The server runs the same HKDF step
// (secretsFromMaster) after its native Argon2id, so a plain-password API client signs in too.
import { base64url, compactDecrypt, CompactEncrypt, type JWK } from "jose";

/** HKDF labels: each names one use of the master, so the two outputs are independent. */
export const SIGN_IN_INFO = "halcyon/sign-in/v1";
export const SEAL_INFO = "halcyon/messaging-seal/v1";

/** A private key sealed under a 256-bit key (the seal key, or a passkey's): AES key wrap, then AES-GCM. */
export const KEY_SEALING_ALGORITHM = "A256KW";
const CONTENT_ENCRYPTION = "A256GCM";

/** The bytes of Argon2id's output and of each derived secret. */
const SECRET_BYTES = 32;

/** The Argon2id parameters a member's password is derived with (salt base64url). */
export interface KdfParams {
  salt: string;
  memoryKiB: number;
  iterations: number;
  parallelism: number;
}

/** What a new member's password is derived with (besides their own salt). */
export const DEFAULT_KDF = { memoryKiB: 65_536, iterations: 3, parallelism: 1 } as const;

export interface Secrets {
  /** What the web app sends instead of the password: base64url, 43 characters. */
  authKey: string;
  /** What seals the messaging key: raw key bytes, kept in memory only as long as needed. */
  sealKey: Uint8Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** HKDF-SHA256 with an empty salt (the input is already uniformly random): 32 bytes for `info`. */
async function expand(input: Uint8Array, info: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", input as Uint8Array<ArrayBuffer>, "HKDF", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(info) }, key, SECRET_BYTES * 8);
  return new Uint8Array(bits);
}

export async function secretsFromMaster(master: Uint8Array): Promise<Secrets> {
  const [signIn, sealKey] = await Promise.all([expand(master, SIGN_IN_INFO), expand(master, SEAL_INFO)]);
  return { authKey: base64url.encode(signIn), sealKey };
}

/**
 * Argon2id of the password as typed (UTF-8, no normalisation), 32 raw bytes. hash-wasm is loaded
 * on first use, so pages that never derive never download it.
 */
export async function argon2idRaw(password: string, params: KdfParams): Promise<Uint8Array> {
  const { argon2id } = await import("hash-wasm");
  return argon2id({
    password: encoder.encode(password),
    salt: base64url.decode(params.salt),
    memorySize: params.memoryKiB,
    iterations: params.iterations,
    parallelism: params.parallelism,
    hashLength: SECRET_BYTES,
    outputType: "binary",
  });
}

/** The browser's derivation: both secrets from the password and the member's parameters. */
export async function deriveSecrets(password: string, params: KdfParams): Promise<Secrets> {
  return secretsFromMaster(await argon2idRaw(password, params));
}

/**
 * What proves the password to a pre-split verifier: the old hash's own bytes (Argon2id of the
 * password with the old salt and parameters), base64url. The server checks it against a hash of them.
 */
export async function legacyProofOf(password: string, legacy: KdfParams): Promise<string> {
  return base64url.encode(await argon2idRaw(password, legacy));
}

/** The private key sealed under a 256-bit key, as a compact JWE (A256KW, A256GCM) any JWE library opens. */
export async function sealWithKey(privateJwk: JWK, sealKey: Uint8Array): Promise<string> {
  return new CompactEncrypt(encoder.encode(JSON.stringify(privateJwk)))
    .setProtectedHeader({ alg: KEY_SEALING_ALGORITHM, enc: CONTENT_ENCRYPTION, cty: "jwk+json", ...(privateJwk.kid ? { kid: privateJwk.kid } : {}) })
    .encrypt(sealKey);
}

/** Opens what sealWithKey sealed; throws when the key is not the one it was sealed with. */
export async function openWithKey(sealed: string, sealKey: Uint8Array): Promise<JWK> {
  const { plaintext } = await compactDecrypt(sealed, sealKey, {
    keyManagementAlgorithms: [KEY_SEALING_ALGORITHM],
    contentEncryptionAlgorithms: [CONTENT_ENCRYPTION],
  });
  return JSON.parse(decoder.decode(plaintext)) as JWK;
}

/** The label whose SHA-256 is the PRF input every passkey is asked to evaluate. */
export const PASSKEY_PRF_LABEL = "halcyon/messaging-seal/prf/v1";
/** The HKDF label from a passkey's PRF output to the key that seals the messaging key. */
export const PASSKEY_SEAL_INFO = "halcyon/passkey-seal/v1";

/** The PRF extension's `eval.first`: SHA-256 of PASSKEY_PRF_LABEL, 32 bytes. */
export async function passkeyPrfInput(): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(PASSKEY_PRF_LABEL)));
}

/** The key a passkey's PRF output seals the messaging key with (the output itself is never used or sent). */
export async function passkeySealKey(prfOutput: ArrayBuffer | Uint8Array): Promise<Uint8Array> {
  return expand(prfOutput instanceof Uint8Array ? prfOutput : new Uint8Array(prfOutput), PASSKEY_SEAL_INFO);
}
