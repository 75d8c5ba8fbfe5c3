// What the server keeps of a sealed message: exactly the JWE's own members, checked one by one,
// and nothing else. The General JSON Serialization (RFC 7516, 7.2.1) lets a client add members
// of its own, and anything beside the ciphertext would reach the database in the clear: so a
// member this clinic's messages do not use is refused with a 400 that names it, and what is
// stored is the envelope written out again from what was checked. Browser-safe.
import { z } from "zod";

export const MESSAGE_KEY_ALGORITHM = "ECDH-ES+A256KW";
export const MESSAGE_CONTENT_ENCRYPTION = "A256GCM";
export const MESSAGE_CONTENT_TYPE = "halcyon-message+json";

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Base64url without padding, of exactly `bytes` bytes when given. */
const base64url = (what: string, bytes?: number) => {
  const chars = bytes === undefined ? undefined : Math.ceil((bytes * 4) / 3);
  const text = z.string({ error: `${what} is missing` }).regex(BASE64URL, `${what} is base64url`);
  return chars === undefined ? text : text.length(chars, `${what} is ${bytes} bytes, base64url`);
};

// Members in the order jose writes them, so that an envelope from jose is stored as it came.
const ephemeralKeySchema = z.strictObject({
  x: base64url("epk.x", 32),
  crv: z.literal("P-256", "epk.crv is P-256"),
  kty: z.literal("EC", "epk.kty is EC"),
  y: base64url("epk.y", 32),
});

const recipientSchema = z.strictObject({
  /** A256KW of the 32-byte content key: 40 bytes. */
  encrypted_key: base64url("encrypted_key", 40),
  header: z.strictObject(
    {
      alg: z.literal(MESSAGE_KEY_ALGORITHM, `each recipient's alg is ${MESSAGE_KEY_ALGORITHM}`),
      kid: z.string({ error: "each recipient's kid is missing" }).min(1).max(100),
      epk: ephemeralKeySchema,
    },
    { error: "each recipient has a header { alg, kid, epk }" },
  ),
});

const envelopeSchema = z.strictObject({
  ciphertext: base64url("ciphertext"),
  iv: base64url("iv", 12),
  tag: base64url("tag", 16),
  protected: base64url("the protected header"),
  recipients: z.array(recipientSchema, { error: "recipients is a list" }).min(1, "recipients is a list of at least one"),
});

/** The protected header: the content's encryption, and what it holds once opened. */
const protectedHeaderSchema = z.strictObject({
  enc: z.literal(MESSAGE_CONTENT_ENCRYPTION, `the protected header's enc is ${MESSAGE_CONTENT_ENCRYPTION}`),
  cty: z.literal(MESSAGE_CONTENT_TYPE, `the protected header's cty, when given, is ${MESSAGE_CONTENT_TYPE}`).optional(),
});

const where = (path: PropertyKey[]) =>
  path.length === 0
    ? "at its top level"
    : `in ${path.map((step, index) => (typeof step === "number" ? `[${step}]` : `${index > 0 ? "." : ""}${String(step)}`)).join("")}`;

/** The first problem of a failed parse, in words that name the member. */
function problemOf(error: z.ZodError, inside: PropertyKey[] = []): string {
  const issue = error.issues[0]!;
  const path = [...inside, ...issue.path];
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys.map((key) => `"${key}"`).join(", ");
    return `${keys} ${where(path)} ${issue.keys.length === 1 ? "is" : "are"} not allowed: a sealed message holds only the JWE's own members`;
  }
  return issue.message;
}

function decodedProtectedHeader(encoded: string): unknown {
  try {
    const binary = atob(encoded.replace(/-/g, "+").replace(/_/g, "/"));
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
  } catch {
    return undefined;
  }
}

const NOT_A_JWE = "A sealed message is a JWE in the General JSON Serialization";

/**
 * `content` checked as a sealed message and written out again with only the members checked
 * (what the server stores), or the problem, in words, that refuses it.
 */
export function parseSealedEnvelope(content: string): { envelope: string } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { problem: `${NOT_A_JWE}: this is not JSON.` };
  }
  const parsed = envelopeSchema.safeParse(json);
  if (!parsed.success) return { problem: `${NOT_A_JWE}: ${problemOf(parsed.error)}.` };
  const header = protectedHeaderSchema.safeParse(decodedProtectedHeader(parsed.data.protected));
  if (!header.success) {
    const problem =
      header.error.issues[0]?.code === "invalid_type" && header.error.issues[0].path.length === 0
        ? "the protected header is not base64url JSON"
        : problemOf(header.error, ["protected header"]);
    return { problem: `${NOT_A_JWE}: ${problem}.` };
  }
  return { envelope: JSON.stringify(parsed.data) };
}
