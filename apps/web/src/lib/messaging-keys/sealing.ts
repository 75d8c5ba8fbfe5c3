// Sealing and opening messages in the browser (loaded with the chat): a message is sealed to the
// sender's key, the receiver's and the clinic's records key; it opens with this browser's kept key.
// A file goes sealed with a key of its own, which travels inside the message. Nothing is ever
// sent in words: until every key exists, the chat says why it cannot send yet. Every public key
// the server hands out is checked against its kid (its thumbprint, computed here): a key swapped
// under its old id is never sealed to, and the chat says so.
import {
  keyIdOf,
  keyMatchesId,
  openFile,
  openMessage,
  recipientsOf,
  sealFile,
  safetyNumber,
  sealMessage,
  type AttachmentRef,
  type MessageContent,
  type PublicKey,
} from "@halcyon/sealed";

import { isNotFoundError } from "../api-errors";
import { trpcClient } from "../trpc";
import { keptKey } from "./vault";

/** Whose public key, as the server handed it out, is not the key its kid names. */
export type KeyMismatch = "own-key-mismatch" | "partner-key-mismatch" | "records-key-mismatch";

/** Why a message cannot be sealed yet, or "ready". */
export type Readiness = "ready" | "locked" | "no-records-key" | "partner-without-keys" | KeyMismatch;

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
    // The member's own public key (their sealed keys are read only just after a sign-in or re-check).
    keyOrNull(() => trpcClient.keys.ofMember.query({ userId: senderId })),
    keyOrNull(() => trpcClient.keys.ofMember.query({ userId: receiverId })),
    keyOrNull(() => trpcClient.keys.clinic.query()),
  ]);
  if (!clinic) return "no-records-key";
  if (!mine || !own || own.kid !== mine.kid) return "locked";
  if (!theirs) return "partner-without-keys";
  const [ownMatches, theirsMatch, clinicMatches] = await Promise.all([own, theirs, clinic].map(keyMatchesId));
  if (!theirsMatch) return "partner-key-mismatch";
  if (!clinicMatches) return "records-key-mismatch";
  if (!ownMatches) return "own-key-mismatch";
  return [own, theirs, clinic];
}

export async function sealingReadiness(senderId: number, receiverId: number): Promise<Readiness> {
  const keys = await sealingKeys(senderId, receiverId);
  return Array.isArray(keys) ? "ready" : keys;
}

/** A conversation's keys as checked in this browser: what its safety number and key-change notice show. */
export type CheckedKeys =
  | { matching: true; theirThumbprint: string; safetyNumber: string }
  /** A key is not the one its kid names, or the server's key for this member is not the one this browser holds: no number to compare. */
  | { matching: false };

/**
 * A conversation's keys, as the server hands them out, checked here: each is the key its kid
 * names, and the member's own is the one this browser holds (when it holds one). The safety number
 * is made of the keys themselves: the two people's and the clinic's records key.
 */
export async function checkConversationKeys(userId: number, keys: { own: PublicKey; theirs: PublicKey; clinic: PublicKey }): Promise<CheckedKeys> {
  const [kept, ...matches] = await Promise.all([keptKey(userId), keyMatchesId(keys.own), keyMatchesId(keys.theirs), keyMatchesId(keys.clinic)]);
  if (!matches.every(Boolean) || (kept && kept.kid !== keys.own.kid)) return { matching: false };
  return {
    matching: true,
    theirThumbprint: await keyIdOf(keys.theirs.publicKey),
    safetyNumber: await safetyNumber(keys.own.publicKey, keys.theirs.publicKey, keys.clinic.publicKey),
  };
}

/** The server kept no file and says why a person can act on: too large, too many this hour, or the member's room is full. */
export class UploadRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UploadRefused";
  }
}

/** A refusal's own words (413, 429), or undefined for any other failure. */
async function refusalOf(response: Response): Promise<string | undefined> {
  if (response.status !== 413 && response.status !== 429) return undefined;
  const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
  return typeof body?.message === "string" ? body.message : undefined;
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
  if (!response.ok) {
    const refusal = await refusalOf(response);
    throw refusal ? new UploadRefused(refusal) : new Error(`The file was not uploaded (${response.status}).`);
  }
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
