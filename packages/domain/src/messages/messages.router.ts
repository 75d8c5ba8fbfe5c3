import { z } from "zod";
import { auditRead } from "../audit/read-audit";
import { authedProcedure, router } from "../trpc";
import {
  conversationSchema,
  listConversationsInputSchema,
  listMessagesInputSchema,
  markReadInputSchema,
  messageSchema,
  sendMessageInputSchema,
  unreadSchema,
} from "./message.schema";
import { listConversations, listMessages, markRead, sendMessage, unread } from "./messaging";

export const messagesRouter = router({
  conversations: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/conversations",
        tags: ["messages"],
        summary: "Your conversations, latest message first, a page at a time (or the one with partnerId)",
        protect: true,
      },
    })
    .input(listConversationsInputSchema)
    .output(z.array(conversationSchema))
    .query(async ({ ctx, input }) => {
      const conversations = await listConversations(ctx, input);
      await auditRead(
        ctx,
        "message.read",
        { type: "conversation" },
        conversations.map((c) => c.id),
      );
      return conversations;
    }),

  unread: authedProcedure
    .meta({ openapi: { method: "GET", path: "/messages/unread", tags: ["messages"], summary: "Unread messages, in total and per partner", protect: true } })
    .input(z.void())
    .output(unreadSchema)
    .query(({ ctx }) => unread(ctx)),

  list: authedProcedure
    .meta({ openapi: { method: "GET", path: "/messages/{partnerId}", tags: ["messages"], summary: "A page of a conversation, oldest first", protect: true } })
    .input(listMessagesInputSchema)
    .output(z.array(messageSchema))
    .query(async ({ ctx, input }) => {
      const messages = await listMessages(ctx, input);
      await auditRead(
        ctx,
        "message.read",
        { type: "conversation", id: input.partnerId },
        messages.map((m) => m.id),
      );
      return messages;
    }),

  send: authedProcedure
    .meta({ openapi: { method: "POST", path: "/messages", tags: ["messages"], summary: "Send a message (idempotent by clientId)", protect: true } })
    .input(sendMessageInputSchema)
    .output(messageSchema)
    .mutation(({ ctx, input }) => sendMessage(ctx, input)),

  markRead: authedProcedure
    .meta({ openapi: { method: "POST", path: "/messages/read", tags: ["messages"], summary: "Mark a conversation read up to now", protect: true } })
    .input(markReadInputSchema)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await markRead(ctx, input.partnerId);
      return { success: true as const };
    }),
});
