// What the messaging procedures accept and answer. Browser-safe.
import { z } from "zod";
import { idOf, recordId } from "../record-id";
import { ATTACHMENTS_PER_MESSAGE, CONVERSATION_PAGE_MAX, MESSAGE_PAGE_MAX, SEALED_MESSAGE_MAX_CHARS, isSealedContent } from "./message-limits";
import { parseSealedEnvelope } from "./sealed-envelope";

export * from "./message-limits";

export const messageSchema = z
  .object({
    id: z.number().int(),
    senderId: z.number().int(),
    receiverId: z.number().int(),
    content: z.string(),
    clientId: z.string().nullable(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .meta({ id: "Message" });
export type Message = z.infer<typeof messageSchema>;

/** The specification's conversation entry (the latest message, with its sender's name) and more. */
export const conversationSchema = z
  .object({
    id: z.number().int().describe("The latest message's id"),
    senderId: z.number().int(),
    receiverId: z.number().int(),
    content: z.string(),
    createdAt: z.string(),
    senderName: z.string(),
    partnerId: z.number().int(),
    partnerName: z.string(),
    partnerRole: z.enum(["patient", "doctor", "admin"]),
    partnerProfileImageUrl: z.string().nullable(),
    unreadCount: z.number().int(),
    /** The latest message is the caller's and the partner has read it. */
    readByPartner: z.boolean(),
  })
  .meta({ id: "Conversation" });
export type Conversation = z.infer<typeof conversationSchema>;

export const sendMessageInputSchema = z
  .object({
    /** Accepted for the specification's client; it must be the caller. */
    senderId: idOf("senderId").optional(),
    receiverId: recordId("Choose who the message is for"),
    /** The message sealed in the sender's browser: a JWE as a JSON string, holding only the JWE's own members. Words are never taken. */
    content: z
      .string({ error: "Write a message first" })
      .trim()
      .min(1, "Write a message first")
      .max(SEALED_MESSAGE_MAX_CHARS, "A sealed message can be at most 32 KB")
      .refine(isSealedContent, {
        message: "Messages are sealed in the sender's browser before they are sent (a JWE, see docs/product.md): plain text is refused",
      })
      // Only the JWE's own members, and what is stored is written out again from them: nothing
      // beside the ciphertext reaches the database.
      .transform((content, check) => {
        const parsed = parseSealedEnvelope(content);
        if ("envelope" in parsed) return parsed.envelope;
        check.addIssue({ code: "custom", message: parsed.problem });
        return z.NEVER;
      }),
    /** The attachments (uploaded first) this message carries: only the sender's own, not yet sent. */
    attachmentIds: z
      .array(recordId("Attachment ids are positive whole numbers"))
      .max(ATTACHMENTS_PER_MESSAGE, `At most ${ATTACHMENTS_PER_MESSAGE} attachments per message`)
      .optional(),
    /** Chosen by the sending client; sending again with the same id never duplicates. */
    clientId: z
      .string()
      .trim()
      .min(8)
      .max(64)
      .regex(/^[\w-]+$/, "clientId may use letters, digits, - and _")
      .optional(),
  })
  .meta({ id: "SendMessageInput" });
export type SendMessageInput = z.input<typeof sendMessageInputSchema>;

/** A page of the conversation list (latest first), or the one conversation with `partnerId`. */
export const listConversationsInputSchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(CONVERSATION_PAGE_MAX, `At most ${CONVERSATION_PAGE_MAX} conversations at a time`).optional(),
    /** The `id` (latest message) of the last conversation already shown: the page after it. */
    cursor: idOf("cursor").optional(),
    partnerId: idOf("partnerId").optional(),
  })
  .optional();
export type ListConversationsInput = z.input<typeof listConversationsInputSchema>;

export const listMessagesInputSchema = z.object({
  partnerId: idOf("partnerId"),
  before: idOf("before").optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).optional(),
});

export const unreadSchema = z.object({ total: z.number().int(), byPartner: z.record(z.string(), z.number().int()) }).meta({ id: "UnreadCounts" });
export type UnreadCounts = z.infer<typeof unreadSchema>;

export const markReadInputSchema = z.object({
  partnerId: idOf("partnerId"),
});

export const attachmentParamsSchema = z.object({ id: idOf("The attachment's id") });
