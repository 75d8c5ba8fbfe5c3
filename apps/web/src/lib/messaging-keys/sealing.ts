// Sealing and opening messages in the browser (loaded with the chat): a message is sealed to the
// sender's key, the receiver's and the clinic's records key; it opens with this browser's kept key.
// A file goes sealed with a key of its own, which travels inside the message. Nothing is ever
// sent in words: until every key exists, the chat says why it cannot send yet.
import { openFile, openMessage, recipientsOf, sealFile, sealMessage, type AttachmentRef, type MessageContent, type PublicKey } from "@halcyon/sealed";

export { safetyNumber } from "@halcyon/sealed";

import { isNotFoundError } from "../api-errors";
import { trpcClient } from "../trpc";
import { keptKey } from "./vault";

/** Why a message cannot be sealed yet, or "ready". */
export type Readiness = "ready" | "locked" | "no-records-key" | "partner-without-keys";

/** Thrown when a message cannot be sealed now; `reason` says why. */
export class CannotSealYet extends Error {
  constructor(readonly reason: Exclude<Readiness, "ready">) {
    super(`This message cannot be sealed yet (${reason}).`);
  }
}

/** A public key, or null when it does not exist (yet). */
async function keyOrNull(read: () => Promise<PublicKey>): Promise<PublicKey | null> {
  try {
    return await read();
  } catch (error) {
    if (isNotFoundError(error)) return null;
    throw error;
  }
}

/** The three keys a message from `senderId` to `receiverId` is sealed to, or why not all are there. */
async function sealingKeys(senderId: number, receiverId: number): Promise<PublicKey[] | Exclude<Readiness, "ready">> {
  const [mine, own, theirs, clinic] = await Promise.all([
    keptKey(senderId),
    keyOrNull(() => trpcClient.keys.mine.query()),
    keyOrNull(() => trpcClient.keys.ofMember.query({ userId: receiverId })),
    keyOrNull(() => trpcClient.keys.clinic.query()),
  ]);
  if (!clinic) return "no-records-key";
  if (!mine || !own || own.kid !== mine.kid) return "locked";
  if (!theirs) return "partner-without-keys";
  return [own, theirs, clinic];
}

export async function sealingReadiness(senderId: number, receiverId: number): Promise<Readiness> {
  const keys = await sealingKeys(senderId, receiverId);
  return Array.isArray(keys) ? "ready" : keys;
}

/** A file chosen to go with a message, sealed and uploaded before the message is sent. */
export async function uploadSealedFile(file: File): Promise<AttachmentRef> {
  const { sealed, key } = await sealFile(new Uint8Array(await file.arrayBuffer()));
  const response = await fetch("/api/attachments", {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/octet-stream" },
    body: new Blob([sealed]),
  });
  if (!response.ok) throw new Error(`The file was not uploaded (${response.status}).`);
  const { id } = (await response.json()) as { id: number };
  return { id, name: file.name, type: file.type, size: file.size, key };
}

/** What goes to the server for a message: sealed to both people and the clinic; throws CannotSealYet when a key is missing. */
export async function contentToSend(senderId: number, receiverId: number, content: MessageContent): Promise<string> {
  const keys = await sealingKeys(senderId, receiverId);
  if (!Array.isArray(keys)) throw new CannotSealYet(keys);
  return sealMessage(content, keys);
}

export type Opened = MessageContent | { sealed: "locked" | "other-key" };

/** A stored message opened with this browser's key. */
export async function openContent(userId: number, content: string): Promise<Opened> {
  const recipients = recipientsOf(content);
  if (!recipients) return { text: content };
  const mine = await keptKey(userId);
  if (!mine) return { sealed: "locked" };
  if (!recipients.includes(mine.kid)) return { sealed: "other-key" };
  return openMessage(content, { kid: mine.kid, privateKey: mine.privateKey });
}

/** An attached file, fetched and opened, ready to show or save. */
export async function fetchAttachment(attachment: AttachmentRef): Promise<Blob> {
  const response = await fetch(`/api/attachments/${attachment.id}`, { credentials: "include" });
  if (!response.ok) throw new Error(`The file could not be fetched (${response.status}).`);
  const bytes = await openFile(new Uint8Array(await response.arrayBuffer()), attachment.key);
  return new Blob([bytes], { type: attachment.type });
}
