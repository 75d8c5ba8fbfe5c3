// Messages and the per-person conversation rows that keep listing and unread counts cheap.
// appendMessage and markConversationRead keep the two in step; call them inside a transaction.
import { sql } from "kysely";
import type { MessagesTable } from "../schema";
import type { Selectable } from "kysely";
import type { Db } from "./db";

export interface MessageView {
  id: number;
  senderId: number;
  receiverId: number;
  content: string;
  clientId: string | null;
  createdAt: string;
  readAt: string | null;
}

type MessageRow = Pick<Selectable<MessagesTable>, "id" | "sender_id" | "receiver_id" | "content" | "client_id" | "created_at" | "read_at">;

function toMessage(row: MessageRow): MessageView {
  return {
    id: row.id,
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    content: row.content,
    clientId: row.client_id,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}

export interface NewMessage {
  senderId: number;
  receiverId: number;
  content: string;
  clientId?: string | null;
  createdAt: string;
}

/** The newer of the stored and the incoming id: messages may commit out of order. */
const newest = sql<number>`case when excluded.last_message_id > conversations.last_message_id then excluded.last_message_id else conversations.last_message_id end`;

/**
 * Stores a message once: a repeated `clientId` from the same sender returns the message already
 * stored (`duplicate: true`), so a retried send never shows twice. The unique (sender, client id)
 * constraint decides, not a prior read: two retries racing on PostgreSQL both reach the insert,
 * and the loser waits for the winner's commit, inserts nothing and reads the winner's row.
 */
export async function appendMessage(db: Db, message: NewMessage): Promise<{ message: MessageView; duplicate: boolean }> {
  const row = await db
    .insertInto("messages")
    .values({
      sender_id: message.senderId,
      receiver_id: message.receiverId,
      content: message.content,
      client_id: message.clientId ?? null,
      created_at: message.createdAt,
      pair_low: Math.min(message.senderId, message.receiverId),
      pair_high: Math.max(message.senderId, message.receiverId),
    })
    .onConflict((oc) => oc.columns(["sender_id", "client_id"]).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    const existing = await db
      .selectFrom("messages")
      .selectAll()
      .where("sender_id", "=", message.senderId)
      .where("client_id", "=", message.clientId ?? null)
      .executeTakeFirstOrThrow();
    return { message: toMessage(existing), duplicate: true };
  }
  await db
    .insertInto("conversations")
    .values(
      // Both sides' rows, in one order whoever sends: two people writing to each other at once
      // then lock the pair's rows in the same order, so PostgreSQL never deadlocks on them.
      [
        { owner_id: message.senderId, partner_id: message.receiverId, last_message_id: row.id, unread_count: 0, last_read_message_id: row.id },
        { owner_id: message.receiverId, partner_id: message.senderId, last_message_id: row.id, unread_count: 1, last_read_message_id: 0 },
      ].sort((a, b) => a.owner_id - b.owner_id),
    )
    .onConflict((oc) =>
      oc.columns(["owner_id", "partner_id"]).doUpdateSet({
        last_message_id: newest,
        // The sender has seen their own message; the receiver has one more to read.
        unread_count: sql`case when conversations.owner_id = ${message.receiverId} then conversations.unread_count + 1 else conversations.unread_count end`,
        last_read_message_id: sql`case when conversations.owner_id = ${message.senderId} then ${row.id} else conversations.last_read_message_id end`,
      }),
    )
    .execute();
  return { message: toMessage(row), duplicate: false };
}

/** Messages between two people, newest first; `beforeId` pages back through older ones. */
export async function listMessagesBetween(db: Db, a: number, b: number, { beforeId, limit }: { beforeId?: number; limit: number }): Promise<MessageView[]> {
  let query = db.selectFrom("messages").selectAll().where("pair_low", "=", Math.min(a, b)).where("pair_high", "=", Math.max(a, b));
  if (beforeId !== undefined) query = query.where("id", "<", beforeId);
  const rows = await query.orderBy("id", "desc").limit(limit).execute();
  return rows.map(toMessage);
}

export interface ConversationView {
  partnerId: number;
  partnerFirstName: string;
  partnerLastName: string;
  partnerRole: string;
  partnerProfileImageUrl: string | null;
  unreadCount: number;
  /** The newest message the partner has seen (read receipts). */
  partnerReadUpTo: number;
  lastMessage: MessageView;
}

/** A person's conversations, the most recent first. */
export interface ConversationFilter {
  limit: number;
  /** Only conversations whose latest message is older than this one (the next page). */
  beforeMessageId?: number;
  /** Only the conversation with this partner. */
  partnerId?: number;
}

/** The owner's conversations, the most recently active first. */
export async function listConversations(db: Db, ownerId: number, { limit, beforeMessageId, partnerId }: ConversationFilter): Promise<ConversationView[]> {
  let query = db
    .selectFrom("conversations as c")
    .innerJoin("messages as m", "m.id", "c.last_message_id")
    .innerJoin("users as p", "p.id", "c.partner_id")
    .leftJoin("conversations as back", (join) => join.onRef("back.owner_id", "=", "c.partner_id").onRef("back.partner_id", "=", "c.owner_id"))
    .select([
      "c.partner_id",
      "c.unread_count",
      "back.last_read_message_id as partner_read_up_to",
      "p.first_name",
      "p.last_name",
      "p.role",
      "p.profile_image_url",
      "m.id",
      "m.sender_id",
      "m.receiver_id",
      "m.content",
      "m.client_id",
      "m.created_at",
      "m.read_at",
    ])
    .where("c.owner_id", "=", ownerId);
  if (beforeMessageId !== undefined) query = query.where("c.last_message_id", "<", beforeMessageId);
  if (partnerId !== undefined) query = query.where("c.partner_id", "=", partnerId);
  const rows = await query.orderBy("c.last_message_id", "desc").limit(limit).execute();
  return rows.map((row) => ({
    partnerId: row.partner_id,
    partnerFirstName: row.first_name,
    partnerLastName: row.last_name,
    partnerRole: row.role,
    partnerProfileImageUrl: row.profile_image_url,
    unreadCount: Number(row.unread_count),
    partnerReadUpTo: Number(row.partner_read_up_to ?? 0),
    lastMessage: toMessage(row),
  }));
}

/** How far `reader` has read their conversation with `partner` (0 when they never have). */
export async function readPosition(db: Db, reader: number, partner: number): Promise<number> {
  const row = await db
    .selectFrom("conversations")
    .select("last_read_message_id")
    .where("owner_id", "=", reader)
    .where("partner_id", "=", partner)
    .executeTakeFirst();
  return Number(row?.last_read_message_id ?? 0);
}

/** Marks everything `partner` sent `owner` as read; true when anything was unread. */
export async function markConversationRead(db: Db, ownerId: number, partnerId: number, now: string): Promise<boolean> {
  const conversation = await db
    .selectFrom("conversations")
    .select(["last_message_id", "last_read_message_id", "unread_count"])
    .where("owner_id", "=", ownerId)
    .where("partner_id", "=", partnerId)
    .executeTakeFirst();
  if (!conversation || (Number(conversation.unread_count) === 0 && conversation.last_read_message_id >= conversation.last_message_id)) return false;
  await db
    .updateTable("messages")
    .set({ read_at: now })
    .where("receiver_id", "=", ownerId)
    .where("sender_id", "=", partnerId)
    .where("id", ">", conversation.last_read_message_id)
    .where("id", "<=", conversation.last_message_id)
    .where("read_at", "is", null)
    .execute();
  await db
    .updateTable("conversations")
    .set({ unread_count: 0, last_read_message_id: conversation.last_message_id })
    .where("owner_id", "=", ownerId)
    .where("partner_id", "=", partnerId)
    .execute();
  return true;
}

export async function unreadCounts(db: Db, ownerId: number): Promise<{ total: number; byPartner: Record<string, number> }> {
  const rows = await db
    .selectFrom("conversations")
    .select(["partner_id", "unread_count"])
    .where("owner_id", "=", ownerId)
    .where("unread_count", ">", 0)
    .execute();
  const byPartner = Object.fromEntries(rows.map((row) => [String(row.partner_id), Number(row.unread_count)]));
  return { total: rows.reduce((sum, row) => sum + Number(row.unread_count), 0), byPartner };
}

/** Whether two people have exchanged any message. */
export async function haveConversation(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db.selectFrom("conversations").select("owner_id").where("owner_id", "=", a).where("partner_id", "=", b).executeTakeFirst();
  return row !== undefined;
}

/** Content still in words, from before messages were sealed in the browser (a sealed one is a JWE in JSON). */
const STILL_WORDS = sql<boolean>`messages.content not like ${'{%"ciphertext"%'}`;

/** A message still in words whose two people both have keys: what sealing it needs. */
export interface WordsToSeal {
  id: number;
  content: string;
  senderKey: { kid: string; publicKey: string };
  receiverKey: { kid: string; publicKey: string };
}

/** The oldest messages still in words whose people both have keys (only `userId`'s, when given). */
export async function messagesStillInWords(db: Db, { userId, limit }: { userId?: number; limit: number }): Promise<WordsToSeal[]> {
  let query = db
    .selectFrom("messages")
    .innerJoin("member_keys as sender", "sender.user_id", "messages.sender_id")
    .innerJoin("member_keys as receiver", "receiver.user_id", "messages.receiver_id")
    .select([
      "messages.id",
      "messages.content",
      "sender.kid as sender_kid",
      "sender.public_key as sender_public_key",
      "receiver.kid as receiver_kid",
      "receiver.public_key as receiver_public_key",
    ])
    .where(STILL_WORDS);
  if (userId !== undefined) query = query.where((eb) => eb.or([eb("messages.sender_id", "=", userId), eb("messages.receiver_id", "=", userId)]));
  const rows = await query.orderBy("messages.id").limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    content: row.content,
    senderKey: { kid: row.sender_kid, publicKey: row.sender_public_key },
    receiverKey: { kid: row.receiver_kid, publicKey: row.receiver_public_key },
  }));
}

/** Replaces a message's words with their sealed form; false when it was sealed meanwhile. */
export async function replaceWordsWithSealed(db: Db, id: number, sealed: string): Promise<boolean> {
  const result = await db.updateTable("messages").set({ content: sealed }).where("id", "=", id).where(STILL_WORDS).executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
