// Messages this screen has sent that the conversation does not show yet: on their way, or failed
// and waiting for a retry. Each carries the clientId it was first sent with, and every retry reuses
// it, so the server stores the message once however many times it is sent.
import type { Message } from "@halcyon/domain/schemas";

export type OutgoingMessage = {
  clientId: string;
  senderId: number;
  receiverId: number;
  content: string;
  /** A file going with it, sealed and uploaded just before the message. */
  file?: File;
  /** When it was written, for its place and time on screen until the server's copy arrives. */
  createdAt: string;
  status: "sending" | "failed";
};

export type Outbox = readonly OutgoingMessage[];

export type OutboxAction =
  | { type: "queued"; message: Omit<OutgoingMessage, "status"> }
  | { type: "retrying"; clientId: string }
  | { type: "failed"; clientId: string }
  | { type: "delivered"; clientIds: readonly string[] };

export function outboxReducer(outbox: Outbox, action: OutboxAction): Outbox {
  switch (action.type) {
    case "queued":
      if (outbox.some((entry) => entry.clientId === action.message.clientId)) return outbox;
      return [...outbox, { ...action.message, status: "sending" }];
    case "retrying":
    case "failed": {
      const status = action.type === "failed" ? "failed" : "sending";
      return outbox.map((entry) => (entry.clientId === action.clientId ? { ...entry, status } : entry));
    }
    case "delivered": {
      const delivered = new Set(action.clientIds);
      const left = outbox.filter((entry) => !delivered.has(entry.clientId));
      return left.length === outbox.length ? outbox : left;
    }
  }
}

/** A fresh id for a message about to be sent (8–64 characters of [\w-], as the server asks). */
export function newClientId(): string {
  // randomUUID exists only in secure contexts; a clinic may serve plain http on its own network.
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * What of the outbox this conversation still shows: this sender's messages to this partner whose
 * server copy is not among `delivered` (a send whose answer was lost can still have arrived; the
 * conversation then shows it once, from the server).
 */
export function pendingFor(outbox: Outbox, { senderId, partnerId }: { senderId: number; partnerId: number }, delivered: readonly Message[]): OutgoingMessage[] {
  const arrived = new Set(delivered.flatMap((message) => (message.clientId ? [message.clientId] : [])));
  return outbox.filter((entry) => entry.senderId === senderId && entry.receiverId === partnerId && !arrived.has(entry.clientId));
}

/** A failed message with this very text: sending the text again retries it rather than writing it twice. */
export function failedWithContent(pending: readonly OutgoingMessage[], content: string): OutgoingMessage | undefined {
  return pending.find((entry) => entry.status === "failed" && entry.content === content);
}
