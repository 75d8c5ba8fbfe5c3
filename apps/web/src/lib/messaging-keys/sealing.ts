// Sealing and opening messages in the browser (loaded with the chat): a message is sealed to the
// sender's key, the receiver's and the clinic's records key; it opens with this browser's kept key.
// Until every one of those keys exists (the clinic's records key not yet made, a partner who has
// not signed in since), a message goes as words, as before.
import { openMessage, recipientsOf, sealMessage, type PublicKey } from "@halcyon/sealed";

export { safetyNumber } from "@halcyon/sealed";

import { isNotFoundError } from "../api-errors";
import { trpcClient } from "../trpc";
import { keptKey } from "./vault";

/** A public key, or null when it does not exist (yet). */
async function keyOrNull(read: () => Promise<PublicKey>): Promise<PublicKey | null> {
  try {
    return await read();
  } catch (error) {
    if (isNotFoundError(error)) return null;
    throw error;
  }
}

/** What goes to the server for `text`: sealed when every key exists and this browser holds the sender's, else the words. */
export async function contentToSend(senderId: number, receiverId: number, text: string): Promise<string> {
  const mine = await keptKey(senderId);
  if (!mine) return text;
  const [own, theirs, clinic] = await Promise.all([
    keyOrNull(() => trpcClient.keys.mine.query()),
    keyOrNull(() => trpcClient.keys.ofMember.query({ userId: receiverId })),
    keyOrNull(() => trpcClient.keys.clinic.query()),
  ]);
  if (!own || !theirs || !clinic || own.kid !== mine.kid) return text;
  return sealMessage({ text }, [own, theirs, clinic]);
}

export type Opened = { text: string } | { sealed: "locked" | "other-key" };

/** The words of a message as stored: words as they are; a sealed one opened with this browser's key. */
export async function openContent(userId: number, content: string): Promise<Opened> {
  const recipients = recipientsOf(content);
  if (!recipients) return { text: content };
  const mine = await keptKey(userId);
  if (!mine) return { sealed: "locked" };
  if (!recipients.includes(mine.kid)) return { sealed: "other-key" };
  return { text: (await openMessage(content, { kid: mine.kid, privateKey: mine.privateKey })).text };
}
