// Authenticator secrets at rest: sealed with AES-256-GCM under the server's "totp-secrets" key
// (secrets.ts; no database copy or backup holds it), with the member's id as associated data, so
// a sealed secret copied onto another member's row opens for no one. Stored as
// "v1.<iv>.<ciphertext and tag>", base64url.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { listUnsealedTotpSecrets, replaceTotpSecret } from "@halcyon/db";
import type { ClinicServices } from "../context";

const VERSION = "v1.";
const IV_BYTES = 12;
const TAG_BYTES = 16;

type WithSecrets = Pick<ClinicServices, "secrets">;

function associatedData(userId: number): Buffer {
  return Buffer.from(`halcyon/totp-secret/${userId}`);
}

export function sealTotpSecret(services: WithSecrets, userId: number, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", services.secrets.keyFor("totp-secrets"), iv);
  cipher.setAAD(associatedData(userId));
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}${iv.toString("base64url")}.${sealed.toString("base64url")}`;
}

/** The secret a stored value holds; throws when it was not sealed for this member under this key. */
export function openTotpSecret(services: WithSecrets, userId: number, stored: string): string {
  const [iv = "", sealed = ""] = stored.slice(VERSION.length).split(".");
  const bytes = Buffer.from(sealed, "base64url");
  if (!stored.startsWith(VERSION) || bytes.length <= TAG_BYTES) throw new Error(`the authenticator secret of user ${userId} is not sealed`);
  const decipher = createDecipheriv("aes-256-gcm", services.secrets.keyFor("totp-secrets"), Buffer.from(iv, "base64url"));
  decipher.setAAD(associatedData(userId));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString("utf8");
}

/**
 * Seals every secret still stored as typed (rows from before sealing): run at every start, after
 * the migrations and before the first request, so that no secret stays in the clear waiting for
 * its member's next sign-in (they may never come back, and the backups would keep it). Answers how
 * many it sealed.
 */
export async function sealPlainTotpSecrets(services: Pick<ClinicServices, "db" | "secrets">): Promise<number> {
  const plain = await listUnsealedTotpSecrets(services.db, VERSION);
  for (const { userId, secret } of plain) await replaceTotpSecret(services.db, userId, secret, sealTotpSecret(services, userId, secret));
  return plain.length;
}
