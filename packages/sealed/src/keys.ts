// A member's messaging keys: a P-256 key pair (ECDH-ES+A256KW), named by its JWK thumbprint
// (RFC 7638), whose private half leaves the browser only sealed: with the seal key of their
// password (A256KW, see secrets.ts) and with their recovery code (PBES2-HS512+A256KW), each a
// compact JWE (A256GCM) that any standard JWE library opens with that secret. Keys sealed before
// the seal key existed were sealed with the password as typed (PBES2), until their next sign-in.
import {
  calculateJwkThumbprint,
  compactDecrypt,
  CompactEncrypt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
} from "jose";

export type { JWK };

export const KEY_ALGORITHM = "ECDH-ES+A256KW";
export const CONTENT_ENCRYPTION = "A256GCM";
export const SEALING_ALGORITHM = "PBES2-HS512+A256KW";
/** PBES2 iterations of a sealed private key: OWASP's figure for PBKDF2-HMAC-SHA512. */
export const SEALING_ITERATIONS = 210_000;

/** A P-256 public key as a JWK: what the server takes and hands out. */
export type P256PublicJwk = {
  kty: "EC";
  crv: "P-256";
  x: string;
  y: string;
};

/** A public key as the server hands it out: its id and the JWK. */
export interface PublicKey {
  kid: string;
  publicKey: JWK;
}

export interface MemberKeyPair {
  kid: string;
  publicKey: P256PublicJwk & { kid: string };
  privateKey: JWK;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The key's id: its JWK thumbprint (SHA-256, base64url). */
export function keyIdOf(publicKey: JWK): Promise<string> {
  return calculateJwkThumbprint({ kty: publicKey.kty, crv: publicKey.crv, x: publicKey.x, y: publicKey.y }, "sha256");
}

export async function newKeyPair(): Promise<MemberKeyPair> {
  const pair = await generateKeyPair(KEY_ALGORITHM, { crv: "P-256", extractable: true });
  const [publicJwk, privateJwk] = await Promise.all([exportJWK(pair.publicKey), exportJWK(pair.privateKey)]);
  if (!publicJwk.x || !publicJwk.y) throw new Error("A P-256 public key has x and y.");
  const publicKey: P256PublicJwk = { kty: "EC", crv: "P-256", x: publicJwk.x, y: publicJwk.y };
  const kid = await keyIdOf(publicKey);
  return { kid, publicKey: { ...publicKey, kid }, privateKey: { ...privateJwk, kid } };
}

/** The private key sealed with `secret` (a password as typed, or a recovery code), as a compact JWE. */
export async function sealPrivateKey(privateKey: JWK, secret: string, iterations = SEALING_ITERATIONS): Promise<string> {
  return new CompactEncrypt(encoder.encode(JSON.stringify(privateKey)))
    .setProtectedHeader({ alg: SEALING_ALGORITHM, enc: CONTENT_ENCRYPTION, cty: "jwk+json", kid: privateKey.kid })
    .setKeyManagementParameters({ p2c: iterations })
    .encrypt(encoder.encode(secret));
}

/** Whether a sealed private key was sealed with a typed secret (PBES2: a recovery code, or an old password). */
export function isSealedWithSecret(sealed: string): boolean {
  return decodeProtectedHeader(sealed).alg === SEALING_ALGORITHM;
}

/** Most PBES2 iterations a sealed key may ask for (jose refuses more than 10,000 unless told). */
const MAX_SEALING_ITERATIONS = 1_000_000;

/** Opens a sealed private key with the secret it was sealed with; throws when the secret is wrong. */
export async function openPrivateKey(sealed: string, secret: string): Promise<JWK> {
  const { plaintext } = await compactDecrypt(sealed, encoder.encode(secret), {
    keyManagementAlgorithms: [SEALING_ALGORITHM],
    contentEncryptionAlgorithms: [CONTENT_ENCRYPTION],
    maxPBES2Count: MAX_SEALING_ITERATIONS,
  });
  return JSON.parse(decoder.decode(plaintext)) as JWK;
}

/** The private key as a key that opens messages and can never be read back out (what a browser keeps between page loads). */
export async function unextractableKey(privateKey: JWK): Promise<CryptoKey> {
  return (await importJWK(privateKey, KEY_ALGORITHM, { extractable: false })) as CryptoKey;
}
