// Attachments of sealed messages: the browser encrypts a file with a fresh key that travels only
// inside the message's sealed content, and uploads the ciphertext here first. The server sees
// bytes it cannot read, their size and who sent them; the message that carries them is named
// when it is sent, and only its two people may fetch them (anyone else: 404).
import { attachmentFor, countUnclaimedAttachments, insertAttachment, purgeUnclaimedAttachments, type User } from "@halcyon/db";
import type { ClinicServices, RequestContext } from "../context";
import { AppError } from "../errors";
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_SEALING_OVERHEAD } from "./message.schema";

type Caller = RequestContext & { user: User };

/** The most ciphertext one upload may carry: the largest file, sealed. */
export const ATTACHMENT_MAX_UPLOAD_BYTES = ATTACHMENT_MAX_BYTES + ATTACHMENT_SEALING_OVERHEAD;
export const ATTACHMENT_TOO_LARGE = "A file can be at most 10 MB.";
/** Uploads a member may hold that no message carries yet (a message carries a few; this stops filling the disk). */
const UNCLAIMED_LIMIT = 20;
/** An upload no message claimed within this time is removed. */
const UNCLAIMED_TTL_MS = 24 * 60 * 60 * 1000;

export async function uploadAttachment(ctx: Caller, ciphertext: Uint8Array): Promise<{ id: number; size: number }> {
  if (ctx.user.role === "admin") throw new AppError("FORBIDDEN", "Conversations are between patients and their doctors.");
  if (ciphertext.byteLength > ATTACHMENT_MAX_UPLOAD_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", ATTACHMENT_TOO_LARGE);
  if (ciphertext.byteLength <= ATTACHMENT_SEALING_OVERHEAD) {
    throw new AppError("INVALID_INPUT", "An attachment is the file sealed in the browser: its IV, ciphertext and tag.");
  }
  // Over the limit, the transaction rolls back: the file is not kept.
  return ctx.db.transaction().execute(async (trx) => {
    const stored = await insertAttachment(trx, { uploaderId: ctx.user.id, ciphertext, createdAt: ctx.now().toISOString() });
    if ((await countUnclaimedAttachments(trx, ctx.user.id)) > UNCLAIMED_LIMIT) {
      throw new AppError("RATE_LIMITED", "Too many files are waiting to be sent: send or discard them first.", { retryAfterSeconds: 60 });
    }
    return stored;
  });
}

/** The sealed file, for either person of the message that carries it; nobody else learns it exists. */
export async function attachmentOf(ctx: Caller, id: number): Promise<Uint8Array> {
  const ciphertext = await attachmentFor(ctx.db, id, ctx.user.id);
  if (!ciphertext) throw new AppError("NOT_FOUND", "No such attachment.");
  return ciphertext;
}

/** Removes uploads that no message claimed within a day (a send that failed after its upload). */
export function purgeUnclaimedUploads(services: Pick<ClinicServices, "db" | "now">): Promise<number> {
  return purgeUnclaimedAttachments(services.db, new Date(services.now().getTime() - UNCLAIMED_TTL_MS).toISOString());
}
