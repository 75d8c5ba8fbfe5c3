// A conversation as the screen holds it: a window of its latest messages, oldest first, that
// grows backwards a page at a time as the member scrolls up and forwards whenever something new
// may have arrived. Never the whole history: a conversation of 10,000 messages opens with one
// page, like a conversation of ten.
import type { Message } from "@halcyon/domain/schemas";

export type Thread = {
  /** Oldest first, unique by id. */
  messages: Message[];
  /** Earlier messages exist on the server that are not here yet. */
  hasOlder: boolean;
};

/** Reads one page of the conversation: the latest messages, or those just before `before` (an id). */
export type FetchPage = (before?: number) => Promise<Message[]>;

/** Both lists together, each message once (the later copy wins: it knows whether it was read), oldest first. */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map<number, Message>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** An earlier page, read while scrolling up, in front of what is shown. */
export function withOlderPage(thread: Thread, page: readonly Message[], pageSize: number): Thread {
  return { messages: mergeMessages(thread.messages, page), hasOlder: page.length >= pageSize };
}

/** A message the server just accepted from this screen, without waiting for the next read. */
export function withMessage(thread: Thread | undefined, message: Message): Thread | undefined {
  return thread && { ...thread, messages: mergeMessages(thread.messages, [message]) };
}

export type LatestMessages = {
  messages: Message[];
  /** The pages read reach back to the newest message already shown (or there was none). */
  joined: boolean;
  /** The pages read reach back to the conversation's first message. */
  reachedStart: boolean;
};

/**
 * Reads the newest messages, going back page by page until they meet `newestKnownId` (the newest
 * message on screen), so that a long absence (a dropped connection, a sleeping laptop) leaves no
 * hole in the middle. Gives up after `maxPages`: then the screen starts over from the latest.
 */
export async function readLatest(
  fetchPage: FetchPage,
  { newestKnownId, pageSize, maxPages }: { newestKnownId: number | undefined; pageSize: number; maxPages: number },
): Promise<LatestMessages> {
  let messages: Message[] = [];
  let before: number | undefined;
  for (let page = 0; page < maxPages; page += 1) {
    const batch = await fetchPage(before);
    messages = mergeMessages(batch, messages);
    const reachedStart = batch.length < pageSize;
    const oldest = batch[0];
    if (newestKnownId === undefined || reachedStart || !oldest || oldest.id <= newestKnownId) {
      return { messages, joined: true, reachedStart };
    }
    before = oldest.id;
  }
  return { messages, joined: false, reachedStart: false };
}

/** Folds the latest messages into what is shown. */
export function withLatest(thread: Thread | undefined, latest: LatestMessages): Thread {
  if (!thread || thread.messages.length === 0 || !latest.joined) return { messages: latest.messages, hasOlder: !latest.reachedStart };
  return { messages: mergeMessages(thread.messages, latest.messages), hasOlder: thread.hasOlder && !latest.reachedStart };
}

/** The newest message on screen, to read forward from. */
export function newestId(thread: Thread | undefined): number | undefined {
  return thread?.messages.at(-1)?.id;
}
