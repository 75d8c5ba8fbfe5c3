// The rules of conversation: messages go only between a patient and a doctor, as the caller,
// to an active person; a doctor starts conversations only with their own patients; a retried
// send (same clientId) is stored once. Content never reaches the audit log or the logs.
import {
  appendMessage,
  claimAttachments,
  findUserById,
  haveConversation,
  isInCareOf,
  sealingKeyIds,
  listConversations as readConversations,
  listMessagesBetween,
  markConversationRead,
  unreadCounts,
  type MessageView,
  type User,
} from "@halcyon/db";
import { recipientsOf } from "@halcyon/sealed";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { enqueueMessageNotice } from "./message-notices";
import { CONVERSATION_PAGE_DEFAULT, MESSAGE_PAGE_DEFAULT, type Conversation, type UnreadCounts } from "./message.schema";
import type { listConversationsInputSchema, listMessagesInputSchema, sendMessageInputSchema } from "./message.schema";
import type { z } from "zod";

type Caller = RequestContext & { user: User };

const NO_CONVERSATION = "No such conversation.";

function assertTakesPart(user: User): void {
  if (user.role === "admin") throw new AppError("FORBIDDEN", "Conversations are between patients and their doctors.");
}

/** The other person, if the caller may talk with them at all (a patient with a doctor, or the reverse). */
async function counterpart(ctx: Caller, partnerId: number): Promise<User> {
  const partner = partnerId === ctx.user.id ? undefined : await findUserById(ctx.db, partnerId);
  const pairs = partner && ((ctx.user.role === "patient" && partner.role === "doctor") || (ctx.user.role === "doctor" && partner.role === "patient"));
  if (!partner || !pairs) throw new AppError("NOT_FOUND", NO_CONVERSATION);
  return partner;
}

/** A patient may write to any doctor; a doctor to their own patients and to anyone they already have a conversation with. */
async function mayWriteTo(ctx: Caller, partner: User): Promise<boolean> {
  if (ctx.user.role !== "doctor") return true;
  return (await isInCareOf(ctx.db, ctx.user.id, partner.id)) || (await haveConversation(ctx.db, ctx.user.id, partner.id));
}

/** The person the caller may write to; anyone else does not exist for them (404). */
export async function writablePartner(ctx: Caller, partnerId: number): Promise<User> {
  assertTakesPart(ctx.user);
  const partner = await counterpart(ctx, partnerId);
  if (!(await mayWriteTo(ctx, partner))) throw new AppError("NOT_FOUND", NO_CONVERSATION);
  return partner;
}

export async function listConversations(ctx: Caller, input: z.output<typeof listConversationsInputSchema>): Promise<Conversation[]> {
  assertTakesPart(ctx.user);
  const rows = await readConversations(ctx.db, ctx.user.id, {
    limit: input?.limit ?? CONVERSATION_PAGE_DEFAULT,
    ...(input?.cursor !== undefined ? { beforeMessageId: input.cursor } : {}),
    ...(input?.partnerId !== undefined ? { partnerId: input.partnerId } : {}),
  });
  return rows.map((row) => {
    const partnerName = `${row.partnerFirstName} ${row.partnerLastName}`;
    const mine = row.lastMessage.senderId === ctx.user.id;
    return {
      id: row.lastMessage.id,
      senderId: row.lastMessage.senderId,
      receiverId: row.lastMessage.receiverId,
      content: row.lastMessage.content,
      createdAt: row.lastMessage.createdAt,
      senderName: mine ? `${ctx.user.firstName} ${ctx.user.lastName}` : partnerName,
      partnerId: row.partnerId,
      partnerName,
      partnerRole: row.partnerRole as Conversation["partnerRole"],
      partnerProfileImageUrl: row.partnerProfileImageUrl,
      unreadCount: row.unreadCount,
      readByPartner: mine && row.partnerReadUpTo >= row.lastMessage.id,
    };
  });
}

/** A page of a conversation, oldest first; `before` reaches further back. */
export async function listMessages(ctx: Caller, input: z.output<typeof listMessagesInputSchema>): Promise<MessageView[]> {
  assertTakesPart(ctx.user);
  await counterpart(ctx, input.partnerId);
  const page = await listMessagesBetween(ctx.db, ctx.user.id, input.partnerId, {
    ...(input.before !== undefined ? { beforeId: input.before } : {}),
    limit: input.limit ?? MESSAGE_PAGE_DEFAULT,
  });
  return page.reverse();
}

export async function sendMessage(ctx: Caller, input: z.output<typeof sendMessageInputSchema>): Promise<MessageView> {
  assertTakesPart(ctx.user);
  if (input.senderId !== undefined && input.senderId !== ctx.user.id) {
    throw new AppError("FORBIDDEN", "You can only send messages as yourself.");
  }
  const receiver = await counterpart(ctx, input.receiverId);
  if (receiver.deactivatedAt) throw new AppError("CONFLICT", `${receiver.firstName} ${receiver.lastName} no longer receives messages here.`);
  if (!(await mayWriteTo(ctx, receiver))) throw new AppError("FORBIDDEN", "You can start conversations only with your own patients.");
  await assertSealedToThePair(ctx, receiver, input.content);
  const attachmentIds = [...new Set(input.attachmentIds ?? [])];
  const { message, duplicate } = await ctx.db.transaction().execute(async (trx) => {
    const appended = await appendMessage(trx, {
      senderId: ctx.user.id,
      receiverId: receiver.id,
      content: input.content,
      clientId: input.clientId ?? null,
      createdAt: ctx.now().toISOString(),
    });
    if (!appended.duplicate) {
      const claimed = await claimAttachments(trx, { ids: attachmentIds, uploaderId: ctx.user.id, messageId: appended.message.id });
      if (claimed !== attachmentIds.length) {
        throw new AppError("INVALID_INPUT", "An attachment of this message is not one you uploaded, or was already sent: upload it again.");
      }
      await recordAudit(
        ctx,
        {
          actorId: ctx.user.id,
          action: "message.send",
          outcome: "success",
          targetType: "message",
          targetId: appended.message.id,
          request: ctx.request,
          ...(claimed > 0 ? { details: { attachments: claimed } } : {}),
        },
        trx,
      );
      await enqueueMessageNotice(ctx, trx, appended.message, ctx.user);
    }
    return appended;
  });
  if (!duplicate) {
    ctx.events.publish({
      type: "new_message",
      data: { id: message.id, senderId: message.senderId, receiverId: message.receiverId, createdAt: message.createdAt },
      recipients: [message.senderId, message.receiverId],
    });
  }
  return message;
}

/**
 * A message must be a JWE addressed to exactly the current keys of its sender, its receiver
 * and the clinic's records key: one more would let someone else read it; one fewer would leave
 * someone unable to (the clinic, at a lawful records request).
 */
async function assertSealedToThePair(ctx: Caller, receiver: User, content: string): Promise<void> {
  const recipients = recipientsOf(content);
  if (!recipients) throw new AppError("INVALID_INPUT", "A sealed message is a JWE in the General JSON Serialization, with a kid for each recipient.");
  const { members, records } = await sealingKeyIds(ctx.db, ctx.user.id, receiver.id);
  const expected = [members.get(ctx.user.id), members.get(receiver.id), records];
  if (expected.some((kid) => kid === undefined)) {
    throw new AppError("INVALID_INPUT", "Not every key this message must be sealed to exists yet: yours, theirs and the clinic's records key.");
  }
  const same = recipients.length === expected.length && [...recipients].sort().join(" ") === [...expected].sort().join(" ");
  if (!same) {
    throw new AppError(
      "INVALID_INPUT",
      `A sealed message must be sealed to exactly your key, ${receiver.firstName} ${receiver.lastName}'s and the clinic's records key.`,
    );
  }
}

export async function markRead(ctx: Caller, partnerId: number): Promise<void> {
  assertTakesPart(ctx.user);
  await counterpart(ctx, partnerId);
  const changed = await ctx.db.transaction().execute((trx) => markConversationRead(trx, ctx.user.id, partnerId, ctx.now().toISOString()));
  if (changed) {
    ctx.events.publish({ type: "messages_read", data: { readerId: ctx.user.id, partnerId }, recipients: [ctx.user.id, partnerId] });
  }
}

export async function unread(ctx: Caller): Promise<UnreadCounts> {
  if (ctx.user.role === "admin") return { total: 0, byPartner: {} };
  return unreadCounts(ctx.db, ctx.user.id);
}
