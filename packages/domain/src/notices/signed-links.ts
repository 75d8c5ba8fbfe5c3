// The links a notice carries (confirm, cancel or reschedule, verify an address, set a new
// password, unsubscribe, "this was not me"): claims signed with a key derived from the server's
// secrets key, so no database copy can make one, and none is stored. A single-use link is
// spent in the transaction of what it does: the same link used twice finds its id in spent_links.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { insertSpentLink, isUniqueViolation, type Db } from "@halcyon/db";
import { AppError } from "../errors";
import type { ServerSecrets } from "../secrets";

export type LinkPurpose = "confirm_appointment" | "manage_appointment" | "verify_email" | "reset_password" | "unsubscribe" | "report_not_me";

export interface LinkClaims {
  /** Random: what spends a single-use link. */
  id: string;
  purpose: LinkPurpose;
  userId: number;
  /** The appointment, the notice topic's row, … the purpose is about. */
  targetId?: number;
  /** Anything else the link is bound to (an address to verify, a topic): it is signed with the rest. */
  subject?: string;
  expiresAt: string;
  singleUse: boolean;
}

export const LINK_NOT_VALID = "This link is not valid. Open the latest email we sent you, or sign in to do this in the app.";
export const LINK_EXPIRED = "This link has expired. Sign in to do this in the app.";
export const LINK_USED = "This link has been used already.";

function mac(secrets: ServerSecrets, payload: string): Buffer {
  return createHmac("sha256", secrets.keyFor("notice-links")).update(payload).digest();
}

export function signLink(secrets: ServerSecrets, claims: Omit<LinkClaims, "id">): string {
  const payload = Buffer.from(JSON.stringify({ ...claims, id: randomBytes(16).toString("base64url") })).toString("base64url");
  return `${payload}.${mac(secrets, payload).toString("base64url")}`;
}

/** The claims of a link made for `purpose`, or a 400 that says why it cannot be used (tampered, another purpose, expired). */
export function readLink(secrets: ServerSecrets, token: string, purpose: LinkPurpose, now: Date): LinkClaims {
  const [payload = "", signature = "", ...rest] = token.split(".");
  const expected = mac(secrets, payload);
  const given = Buffer.from(signature, "base64url");
  if (rest.length > 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError("INVALID_INPUT", LINK_NOT_VALID);
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as LinkClaims;
  if (claims.purpose !== purpose) throw new AppError("INVALID_INPUT", LINK_NOT_VALID);
  if (Date.parse(claims.expiresAt) <= now.getTime()) throw new AppError("INVALID_INPUT", LINK_EXPIRED);
  return claims;
}

/** Spends a single-use link inside the transaction of what it does; a second use is a 409. */
export async function spendLink(trx: Db, claims: LinkClaims, now: Date): Promise<void> {
  if (!claims.singleUse) return;
  try {
    await insertSpentLink(trx, claims.id, now.toISOString());
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", LINK_USED);
    throw error;
  }
}
