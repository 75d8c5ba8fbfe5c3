import { z } from "zod";
import { idOf } from "../record-id";

/** The fewest PBES2 iterations a recovery seal may use (OWASP's figure for PBKDF2-HMAC-SHA512). */
export const MIN_SEALING_ITERATIONS = 210_000;
const SEALED_KEY_MAX_CHARS = 8_192;

const base64url = /^[A-Za-z0-9_-]+$/;
/** A P-256 coordinate: 32 bytes, base64url without padding. */
const coordinate = z.string().length(43).regex(base64url);

/** A P-256 public key as a JWK: never with its private part. */
export const publicJwkSchema = z
  .looseObject({ kty: z.literal("EC"), crv: z.literal("P-256"), x: coordinate, y: coordinate })
  .refine((jwk) => !("d" in jwk), { message: "A public key must not carry its private part (d)." })
  .transform(({ kty, crv, x, y }) => ({ kty, crv, x, y }))
  .meta({ id: "PublicJwk", description: "A P-256 public key as a JWK" });
export type PublicJwk = z.output<typeof publicJwkSchema>;

/** The protected header of a compact JWE, or null when `value` is not one. */
function compactHeader(value: string): Record<string, unknown> | null {
  const parts = value.split(".");
  if (parts.length !== 5 || !parts.every((part, index) => (index === 1 || part.length > 0) && base64url.test(part || "A"))) return null;
  try {
    const binary = atob(parts[0]!.replace(/-/g, "+").replace(/_/g, "/"));
    const header = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))) as unknown;
    return typeof header === "object" && header !== null ? (header as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A compact JWE whose protected header `accepts` (else `message`), of at most SEALED_KEY_MAX_CHARS. */
const sealedKey = (accepts: (header: Record<string, unknown>) => string | undefined) =>
  z
    .string()
    .max(SEALED_KEY_MAX_CHARS)
    .superRefine((value, check) => {
      const header = compactHeader(value);
      const problem = header ? accepts(header) : "A sealed key is a compact JWE.";
      if (problem) check.addIssue({ code: "custom", message: problem });
    });

/**
 * The private key sealed in the browser under a 256-bit key: the seal secret derived from the
 * password (Argon2id, then HKDF), or a passkey's PRF key. A256KW, A256GCM: a password-based seal
 * (PBES2) would be a cheap offline check of the password, so it is refused.
 */
export const keySealSchema = sealedKey((header) =>
  header.alg === "A256KW" && header.enc === "A256GCM"
    ? undefined
    : "A sealed private key uses A256KW and A256GCM (a 256-bit key from your password or passkey).",
);

/** The private key sealed with the recovery code (125 bits, typed by nobody but its owner): PBES2-HS512+A256KW with enough iterations, A256GCM. */
export const recoverySealSchema = sealedKey((header) => {
  if (header.alg !== "PBES2-HS512+A256KW" || header.enc !== "A256GCM") return "A recovery seal uses PBES2-HS512+A256KW and A256GCM.";
  if (typeof header.p2c !== "number" || header.p2c < MIN_SEALING_ITERATIONS)
    return `A recovery seal uses at least ${MIN_SEALING_ITERATIONS.toLocaleString("en-US")} PBES2 iterations.`;
  return undefined;
});

export const saveMyKeysInputSchema = z.object({
  publicKey: publicJwkSchema,
  sealedPrivateKey: keySealSchema,
  sealedRecoveryKey: recoverySealSchema,
});

/** A passkey's credential id as the browser's assertion names it (base64url). */
const credentialIdField = z.string().min(1).max(1024).regex(base64url, "A credential id is base64url.");

export const passkeySealInputSchema = z.object({ credentialId: credentialIdField, sealedPrivateKey: keySealSchema });
export const passkeySealSchema = z.object({ credentialId: z.string(), sealedPrivateKey: z.string() }).meta({ id: "PasskeySeal" });
export type PasskeySealView = z.infer<typeof passkeySealSchema>;

export const myKeysSchema = z
  .object({
    kid: z.string(),
    publicKey: publicJwkSchema,
    sealedPrivateKey: z.string(),
    sealedRecoveryKey: z.string(),
    /** The private key sealed under each passkey whose PRF the member has used for it. */
    passkeySeals: z.array(passkeySealSchema),
  })
  .meta({ id: "MyKeys" });
export type MyKeys = z.infer<typeof myKeysSchema>;

export const publicKeySchema = z.object({ kid: z.string(), publicKey: publicJwkSchema }).meta({ id: "PublicKey" });
export type PublicKeyView = z.infer<typeof publicKeySchema>;

export const memberPublicKeySchema = z.object({ userId: z.number().int(), kid: z.string(), publicKey: publicJwkSchema }).meta({ id: "MemberPublicKey" });
export type MemberPublicKey = z.infer<typeof memberPublicKeySchema>;

export const memberKeyInputSchema = z.object({ userId: idOf("userId") });
export const recordsKeyInputSchema = z.object({ publicKey: publicJwkSchema });
