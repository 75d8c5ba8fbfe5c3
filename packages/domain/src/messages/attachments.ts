// Attachments of sealed messages: the browser encrypts a file with a fresh key that travels only
// inside the message's sealed content, and uploads the ciphertext here first. The server sees
// bytes it cannot read, their size and who sent them; the message that carries them is named
// when it is sent, and only its two people may fetch them (anyone else: 404).
import { attachmentFor, heldUploads, insertAttachment, purgeUnclaimedAttachments, type User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { ClinicServices, RequestContext } from "../context";
import { AppError } from "../errors";
import { countAttempt, UPLOADS_PER_MEMBER } from "../auth/throttle";
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_SEALING_OVERHEAD } from "./message.schema";

type Caller = RequestContext & { user: User };

/** The most ciphertext one upload may carry: the largest file, sealed. */
export const ATTACHMENT_MAX_UPLOAD_BYTES = ATTACHMENT_MAX_BYTES + ATTACHMENT_SEALING_OVERHEAD;
export const ATTACHMENT_TOO_LARGE = "A file can be at most 10 MB.";
/** Uploads a member may hold that no message carries yet (a message carries a few; this stops filling the disk). */
const UNCLAIMED_LIMIT = 20;
/** An upload no message claimed within this time is removed. */
const UNCLAIMED_TTL_MS = 24 * 60 * 60 * 1000;

/** The sealed bytes one member may hold in the clinic's conversations, their waiting uploads included. */
export const ATTACHMENT_STORAGE_QUOTA_BYTES = 200 * 1024 * 1024;
export const ATTACHMENT_QUOTA_REACHED =
  "Your files in conversations take up the 200 MB each member may keep, so this one was not sent. Files waiting to be sent are cleared within a day; for more room, ask the clinic.";

function tooManyUploads(retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError(
    "RATE_LIMITED",
    `You have sent ${UPLOADS_PER_MEMBER.limit} files in the last hour, the most one may. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    { retryAfterSeconds },
  );
}

/**
 * Keeps a member's sealed file until a message claims it. Limited so that no member can fill the
 * disk: a file's size, how many a member sends an hour (counted in the database, so every
 * instance shares the count), how many wait unsent, and how many bytes they hold in all.
 */
export async function uploadAttachment(ctx: Caller, ciphertext: Uint8Array): Promise<{ id: number; size: number }> {
  if (ctx.user.role === "admin") throw new AppError("FORBIDDEN", "Conversations are between patients and their doctors.");
  if (ciphertext.byteLength > ATTACHMENT_MAX_UPLOAD_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", ATTACHMENT_TOO_LARGE);
  if (ciphertext.byteLength <= ATTACHMENT_SEALING_OVERHEAD) {
    throw new AppError("INVALID_INPUT", "An attachment is the file sealed in the browser: its IV, ciphertext and tag.");
  }
  const counted = await countAttempt(ctx, [{ rule: UPLOADS_PER_MEMBER, key: String(ctx.user.id) }]);
  if (!counted.admitted) throw tooManyUploads(counted.retryAfterSeconds);
  // Over a limit, the transaction rolls back: the file is not kept.
  return ctx.db.transaction().execute(async (trx) => {
    const stored = await insertAttachment(trx, { uploaderId: ctx.user.id, ciphertext, createdAt: ctx.now().toISOString() });
    const held = await heldUploads(trx, ctx.user.id);
    if (held.unclaimed > UNCLAIMED_LIMIT) {
      throw new AppError("RATE_LIMITED", "Too many files are waiting to be sent: send or discard them first.", { retryAfterSeconds: 60 });
    }
    if (held.bytes > ATTACHMENT_STORAGE_QUOTA_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", ATTACHMENT_QUOTA_REACHED);
    return stored;
  });
}

/** The sealed file, for either person of the message that carries it; nobody else learns it exists. Each download is audited: which file, how large. */
export async function attachmentOf(ctx: Caller, id: number): Promise<Uint8Array> {
  const ciphertext = await attachmentFor(ctx.db, id, ctx.user.id);
  if (!ciphertext) throw new AppError("NOT_FOUND", "No such attachment.");
  await recordAudit(ctx, {
    actorId: ctx.user.id,
    action: "attachment.download",
    outcome: "success",
    targetType: "attachment",
    targetId: id,
    request: ctx.request,
    details: { size: ciphertext.byteLength },
  });
  return ciphertext;
}

/** Removes uploads that no message claimed within a day (a send that failed after its upload). */
export function purgeUnclaimedUploads(services: Pick<ClinicServices, "db" | "now">): Promise<number> {
  return purgeUnclaimedAttachments(services.db, new Date(services.now().getTime() - UNCLAIMED_TTL_MS).toISOString());
}
