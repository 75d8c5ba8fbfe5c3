import type { Message } from "@halcyon/domain/schemas";
import { describe, expect, it, vi } from "vitest";

import { mergeMessages, newestId, readLatest, withLatest, withMessage, withOlderPage, type Thread } from "./thread";

const message = (id: number, overrides: Partial<Message> = {}): Message => ({
  id,
  senderId: 1,
  receiverId: 2,
  content: `message ${id}`,
  clientId: null,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
  readAt: null,
  ...overrides,
});
const ids = (messages: readonly Message[]) => messages.map((m) => m.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => message(from + index));

/** A server holding messages 1..total, answering pages the way messages.list does (oldest first). */
function server(total: number) {
  const all = range(1, total);
  return vi.fn(async (before?: number, pageSize = 5) => {
    const older = all.filter((m) => before === undefined || m.id < before);
    return older.slice(-pageSize);
  });
}

describe("mergeMessages", () => {
  it("keeps each message once, oldest first, the later copy winning", () => {
    const read = message(2, { readAt: "2026-01-01T10:00:00.000Z" });
    const merged = mergeMessages([message(3), message(1), message(2)], [read, message(4)]);
    expect(ids(merged)).toEqual([1, 2, 3, 4]);
    expect(merged[1]?.readAt).toBe("2026-01-01T10:00:00.000Z");
  });
});

describe("withOlderPage and withMessage", () => {
  it("prepend an earlier page and know when the start is reached", () => {
    const thread: Thread = { messages: range(6, 10), hasOlder: true };
    expect(withOlderPage(thread, range(1, 5), 5)).toEqual({ messages: range(1, 10), hasOlder: true });
    expect(withOlderPage(thread, range(4, 5), 5)).toEqual({ messages: range(4, 10), hasOlder: false });
  });

  it("add a sent message once, however often it is added", () => {
    const thread: Thread = { messages: range(1, 2), hasOlder: false };
    const twice = withMessage(withMessage(thread, message(3)), message(3));
    expect(ids(twice!.messages)).toEqual([1, 2, 3]);
    expect(withMessage(undefined, message(3))).toBeUndefined();
  });
});

describe("readLatest and withLatest", () => {
  const options = { pageSize: 5, maxPages: 4 };

  it("opens a long conversation with one page", async () => {
    const fetchPage = server(10_000);
    const latest = await readLatest(fetchPage, { ...options, newestKnownId: undefined });
    expect(fetchPage).toHaveBeenCalledOnce();
    expect(withLatest(undefined, latest)).toEqual({ messages: range(9_996, 10_000), hasOlder: true });
  });

  it("opens a short one knowing there is nothing before it", async () => {
    const latest = await readLatest(server(3), { ...options, newestKnownId: undefined });
    expect(withLatest(undefined, latest)).toEqual({ messages: range(1, 3), hasOlder: false });
  });

  it("catches up with one read when little was missed", async () => {
    const fetchPage = server(12);
    const shown: Thread = { messages: range(1, 10), hasOlder: false };
    const latest = await readLatest(fetchPage, { ...options, newestKnownId: newestId(shown) });
    expect(fetchPage).toHaveBeenCalledOnce();
    expect(withLatest(shown, latest)).toEqual({ messages: range(1, 12), hasOlder: false });
  });

  it("reads back until it meets what is shown, leaving no hole", async () => {
    const fetchPage = server(40);
    const shown: Thread = { messages: range(21, 28), hasOlder: true };
    const latest = await readLatest(fetchPage, { ...options, newestKnownId: 28 });
    expect(fetchPage.mock.calls.map(([before]) => before)).toEqual([undefined, 36, 31]);
    expect(withLatest(shown, latest)).toEqual({ messages: range(21, 40), hasOlder: true });
  });

  it("starts over from the latest when too much was missed", async () => {
    const shown: Thread = { messages: range(1, 5), hasOlder: false };
    const latest = await readLatest(server(500), { ...options, newestKnownId: 5 });
    expect(latest.joined).toBe(false);
    expect(withLatest(shown, latest)).toEqual({ messages: range(481, 500), hasOlder: true });
  });

  it("fills an empty conversation from its first page", async () => {
    const shown: Thread = { messages: [], hasOlder: false };
    const latest = await readLatest(server(2), { ...options, newestKnownId: newestId(shown) });
    expect(withLatest(shown, latest)).toEqual({ messages: range(1, 2), hasOlder: false });
  });

  it("takes the server's word on what was read", async () => {
    const shown: Thread = { messages: [message(1), message(2)], hasOlder: false };
    const fetchPage = async () => [message(1), message(2, { readAt: "2026-01-02T00:00:00.000Z" })];
    const latest = await readLatest(fetchPage, { ...options, newestKnownId: 2 });
    expect(withLatest(shown, latest).messages[1]?.readAt).toBe("2026-01-02T00:00:00.000Z");
  });
});
