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

export async function insertAttachment(db: Db, attachment: NewAttachment): Promise<{ id: number; size: number }> {
  return db
    .insertInto("attachments")
    .values({ uploader_id: attachment.uploaderId, size: attachment.ciphertext.byteLength, ciphertext: attachment.ciphertext, created_at: attachment.createdAt })
    .returning(["id", "size"])
    .executeTakeFirstOrThrow();
}

/** Any number (in PostgreSQL's advisory-lock space) that names "one member's uploads". */
const UPLOADS_LOCK = 7_244_012;

/** What a member's uploads take: how many no message carries yet, and the bytes of all of them. */
export interface HeldUploads {
  unclaimed: number;
  bytes: number;
}

/**
 * What the member holds, this transaction's own upload included. From here to the transaction's
 * end the member's other uploads wait, so uploads sent at once cannot all pass a limit: the
 * count comes after the insert, so that what waits is a count and a commit, not the writing of
 * a file. Each figure is read from an index of its own, never from the files.
 */
export async function heldUploads(trx: Transaction<Database>, uploaderId: number): Promise<HeldUploads> {
  await serialise(trx, UPLOADS_LOCK, uploaderId);
  const unclaimed = await trx
    .selectFrom("attachments")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("uploader_id", "=", uploaderId)
    .where("message_id", "is", null)
    .executeTakeFirstOrThrow();
  const held = await trx
    .selectFrom("attachments")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("size"), eb.lit(0)).as("bytes"))
    .where("uploader_id", "=", uploaderId)
    .executeTakeFirstOrThrow();
  return { unclaimed: Number(unclaimed.count), bytes: Number(held.bytes) };
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
