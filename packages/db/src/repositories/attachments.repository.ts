// Attachments: ciphertext uploaded on its own, claimed by the message that carries it. Only the
// two people of that message reach it; one that no message claimed is purged after a while.
import type { Transaction } from "kysely";
import type { Database } from "../schema";
import { serialise, type Db } from "./db";

export interface NewAttachment {
  uploaderId: number;
  ciphertext: Uint8Array;
  createdAt: string;
}

/** Any number (in PostgreSQL's advisory-lock space) that names "one member's uploads". */
const UPLOADS_LOCK = 7_244_012;

/**
 * Stores an upload unless the member already has `limit` that no message carries yet (then
 * undefined). Counting and storing happen one upload of the member at a time, so uploads sent
 * at once cannot all pass the count.
 */
export async function insertAttachmentWithin(
  trx: Transaction<Database>,
  attachment: NewAttachment,
  limit: number,
): Promise<{ id: number; size: number } | undefined> {
  await serialise(trx, UPLOADS_LOCK, attachment.uploaderId);
  const waiting = await trx
    .selectFrom("attachments")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("uploader_id", "=", attachment.uploaderId)
    .where("message_id", "is", null)
    .executeTakeFirstOrThrow();
  if (Number(waiting.count) >= limit) return undefined;
  return trx
    .insertInto("attachments")
    .values({ uploader_id: attachment.uploaderId, size: attachment.ciphertext.byteLength, ciphertext: attachment.ciphertext, created_at: attachment.createdAt })
    .returning(["id", "size"])
    .executeTakeFirstOrThrow();
}

/** Gives the uploader's unclaimed attachments `ids` to the message; answers how many it took. */
export async function claimAttachments(db: Db, claim: { ids: number[]; uploaderId: number; messageId: number }): Promise<number> {
  if (claim.ids.length === 0) return 0;
  const result = await db
    .updateTable("attachments")
    .set({ message_id: claim.messageId })
    .where("id", "in", claim.ids)
    .where("uploader_id", "=", claim.uploaderId)
    .where("message_id", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The attachment's ciphertext, when `userId` sent or received the message that carries it. */
export async function attachmentFor(db: Db, id: number, userId: number): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom("attachments")
    .innerJoin("messages", "messages.id", "attachments.message_id")
    .select("attachments.ciphertext")
    .where("attachments.id", "=", id)
    .where((eb) => eb.or([eb("messages.sender_id", "=", userId), eb("messages.receiver_id", "=", userId)]))
    .executeTakeFirst();
  return row?.ciphertext;
}

/** Removes uploads that no message claimed since `before`. */
export async function purgeUnclaimedAttachments(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom("attachments").where("message_id", "is", null).where("created_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
