// A sealed message: JWE (RFC 7516) in the General JSON Serialization, content A256GCM, one
// recipient per key with ECDH-ES+A256KW, each recipient's header naming its key's kid. The
// sender seals to the two people of the conversation and to the clinic's records key.
import { GeneralEncrypt, generalDecrypt, importJWK, type CryptoKey, type FlattenedJWE, type GeneralJWE, type JWK } from "jose";
import { verifiedKey } from "./key-ids";
import { CONTENT_ENCRYPTION, KEY_ALGORITHM, type PublicKey } from "./keys";

/** What a message holds once opened. */
export interface MessageContent {
  text: string;
  attachments?: AttachmentRef[];
}

/** A file sealed apart (its ciphertext uploaded on its own), with the key that opens it. */
export interface AttachmentRef {
  id: number;
  name: string;
  type: string;
  size: number;
  /** The file's AES-256-GCM key, base64url. */
  key: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Seals `content` to every key in `recipients`; answers the JWE as a JSON string (a message's
 * content). Throws KeyMismatchError, sealing nothing, when a key is not the one its kid names.
 */
export async function sealMessage(content: MessageContent, recipients: PublicKey[]): Promise<string> {
  await Promise.all(recipients.map(verifiedKey));
  const jwe = new GeneralEncrypt(encoder.encode(JSON.stringify(content))).setProtectedHeader({ enc: CONTENT_ENCRYPTION, cty: "halcyon-message+json" });
  for (const recipient of recipients) {
    const key = await importJWK(recipient.publicKey, KEY_ALGORITHM);
    jwe.addRecipient(key).setUnprotectedHeader({ alg: KEY_ALGORITHM, kid: recipient.kid });
  }
  return JSON.stringify(await jwe.encrypt());
}

/** The kids a sealed message is addressed to, in order; null when `content` is not a JWE in the General JSON Serialization. */
export function recipientsOf(content: string): string[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return null;
  }
  const jwe = parsed as Partial<GeneralJWE>;
  if (typeof jwe !== "object" || jwe === null || typeof jwe.ciphertext !== "string" || typeof jwe.iv !== "string" || typeof jwe.tag !== "string") return null;
  if (typeof jwe.protected !== "string" || !Array.isArray(jwe.recipients) || jwe.recipients.length === 0) return null;
  const kids = jwe.recipients.map((recipient) =>
    typeof recipient?.header?.kid === "string" && typeof recipient.encrypted_key === "string" ? recipient.header.kid : null,
  );
  return kids.every((kid): kid is string => kid !== null) ? kids : null;
}

/** Opens a sealed message with one of its recipients' private keys (a JWK, or a key kept unextractable). */
export async function openMessage(content: string, key: { kid: string; privateKey: JWK | CryptoKey }): Promise<MessageContent> {
  const jwe = JSON.parse(content) as GeneralJWE;
  const mine = jwe.recipients.find((recipient) => recipient.header?.kid === key.kid);
  if (!mine) throw new Error("This message is not sealed to this key.");
  const privateKey = "kty" in key.privateKey ? await importJWK(key.privateKey as JWK, KEY_ALGORITHM) : key.privateKey;
  // Only this key's entry: no time spent on the others'.
  const flattened: GeneralJWE = { ...jwe, recipients: [mine as Pick<FlattenedJWE, "header" | "encrypted_key">] };
  const { plaintext } = await generalDecrypt(flattened, privateKey, {
    keyManagementAlgorithms: [KEY_ALGORITHM],
    contentEncryptionAlgorithms: [CONTENT_ENCRYPTION],
  });
  return JSON.parse(decoder.decode(plaintext)) as MessageContent;
}
