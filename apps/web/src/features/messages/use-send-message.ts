import { toast } from "@halcyon/ui/hooks/use-toast";
import type { Message } from "@halcyon/domain/schemas";
import type { AttachmentRef } from "@halcyon/sealed";
import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

import { isUnauthorizedError } from "../../lib/auth/unauthorized";
import { trpc } from "../../lib/trpc";
import { failedWithContent, newClientId, outboxReducer, type OutboxAction, type Outbox, type OutgoingMessage } from "./outbox";
import { rememberSentContent } from "./message-text";
import { withMessage, type Thread } from "./thread";
import { threadKey } from "./use-thread";

// The outbox lives in the query cache, not in a component: a message still on its way when the
// member switches conversation keeps going, and signing out forgets it with everything else.
const OUTBOX_KEY = ["messages", "outbox"] as const;

function updateOutbox(queryClient: QueryClient, action: OutboxAction): void {
  queryClient.setQueryData<Outbox>(OUTBOX_KEY, (outbox = []) => outboxReducer(outbox, action));
}

/** Files already uploaded, by their message's clientId: a retry sends the message, not the file again. */
const uploads = new Map<string, AttachmentRef>();

async function uploadOnce(clientId: string, file: File, upload: (file: File) => Promise<AttachmentRef>): Promise<AttachmentRef> {
  const known = uploads.get(clientId);
  if (known) return known;
  const uploaded = await upload(file);
  uploads.set(clientId, uploaded);
  return uploaded;
}

export function useOutbox(): Outbox {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: OUTBOX_KEY,
    queryFn: () => queryClient.getQueryData<Outbox>(OUTBOX_KEY) ?? [],
    initialData: [] as Outbox,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return data;
}

function markDelivered(queryClient: QueryClient, clientIds: readonly string[]): void {
  if (clientIds.length > 0) updateOutbox(queryClient, { type: "delivered", clientIds });
}

/**
 * Forgets outgoing messages whose server copy the conversation now shows: a send whose answer
 * was lost on the way back (so it looked failed) may well have arrived.
 */
export function useForgetDelivered(outbox: Outbox, messages: readonly Message[] | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!messages || outbox.length === 0) return;
    const arrived = new Set(messages.flatMap((message) => (message.clientId ? [message.clientId] : [])));
    markDelivered(
      queryClient,
      outbox.filter((entry) => arrived.has(entry.clientId)).map((entry) => entry.clientId),
    );
  }, [queryClient, outbox, messages]);
}

/**
 * Sends messages optimistically: each shows at once as "Sending…", then takes its place in the
 * conversation when the server accepts it. A failure keeps it on screen, marked, with the
 * specification's toast; a retry reuses its clientId, so the server never stores it twice.
 * Each call resolves with the message's clientId and whether the server accepted it.
 */
export type SendOutcome = { clientId: string; accepted: boolean };

export function useSendMessage(senderId: number) {
  const queryClient = useQueryClient();
  const mutation = trpc.messages.send.useMutation({
    // Options here, not per call: they run for every send, even after the screen has moved on.
    onSuccess: (message, { clientId }) => {
      queryClient.setQueryData<Thread>(threadKey(message.receiverId), (thread) => withMessage(thread, message));
      if (clientId) markDelivered(queryClient, [clientId]);
    },
    onError: (error, { clientId }) => {
      if (clientId) updateOutbox(queryClient, { type: "failed", clientId });
      // Signed out: the session handler already says so, and one toast shows at a time.
      if (!isUnauthorizedError(error)) {
        toast({ variant: "destructive", title: "Error", description: "Failed to send message. Please try again." });
      }
    },
  });

  const deliver = async (message: Pick<OutgoingMessage, "clientId" | "receiverId" | "content" | "file">): Promise<SendOutcome> => {
    const { clientId, receiverId } = message;
    let toSend: { content: string; attachmentIds?: number[] };
    try {
      // The chat's code loads the sealing; small pages do not carry it.
      const sealing = await import("../../lib/messaging-keys/sealing");
      const attachment = message.file ? await uploadOnce(clientId, message.file, sealing.uploadSealedFile) : undefined;
      const opened = { text: message.content, ...(attachment ? { attachments: [attachment] } : {}) };
      const content = await sealing.contentToSend(senderId, receiverId, opened);
      rememberSentContent(content, opened);
      toSend = { content, ...(attachment ? { attachmentIds: [attachment.id] } : {}) };
    } catch (error) {
      updateOutbox(queryClient, { type: "failed", clientId });
      // A key gone missing or not matching its id since the chat last looked: the composer says which.
      void queryClient.invalidateQueries({ queryKey: ["messaging-keys", "readiness"] });
      // A file the server refused (its size, the hour's uploads, the member's room): its reason, which a retry now would not change.
      // By name: the sealing module, and its UploadRefused, load only with the chat.
      const refused = error instanceof Error && error.name === "UploadRefused";
      toast(
        refused
          ? { variant: "destructive", title: "The file was not sent", description: error.message }
          : { variant: "destructive", title: "Error", description: "Failed to send message. Please try again." },
      );
      return { clientId, accepted: false };
    }
    return mutation.mutateAsync({ receiverId, clientId, ...toSend }).then(
      () => {
        uploads.delete(clientId);
        return { clientId, accepted: true };
      },
      () => ({ clientId, accepted: false }),
    );
  };

  /** Sends again with the same clientId. */
  const retry = (message: OutgoingMessage): Promise<SendOutcome> => {
    updateOutbox(queryClient, { type: "retrying", clientId: message.clientId });
    return deliver(message);
  };

  /** Sends `content` (already trimmed) and `file` to `receiverId`; the same text as a failed message (without a file) retries that one. */
  const send = (receiverId: number, content: string, pending: readonly OutgoingMessage[], file?: File): Promise<SendOutcome> => {
    const failed = file ? undefined : failedWithContent(pending, content);
    if (failed) return retry(failed);
    const message = { clientId: newClientId(), senderId, receiverId, content, ...(file ? { file } : {}), createdAt: new Date().toISOString() };
    updateOutbox(queryClient, { type: "queued", message });
    return deliver(message);
  };

  return { send, retry };
}
