import type { Message } from "@halcyon/domain/schemas";
import { describe, expect, it } from "vitest";

import { conversationRows, type MessageRow } from "./conversation-rows";
import type { OutgoingMessage } from "./outbox";

const ME = 1;
const PARTNER = 2;
const zone = { timeZone: "UTC" };

const message = (id: number, from: number, at: string, overrides: Partial<Message> = {}): Message => ({
  id,
  senderId: from,
  receiverId: from === ME ? PARTNER : ME,
  content: `message ${id}`,
  clientId: null,
  createdAt: at,
  readAt: null,
  ...overrides,
});
const outgoing = (clientId: string, status: OutgoingMessage["status"], at: string): OutgoingMessage => ({
  clientId,
  senderId: ME,
  receiverId: PARTNER,
  content: "on its way",
  createdAt: at,
  status,
});
const onlyMessages = (rows: ReturnType<typeof conversationRows>) => rows.filter((row): row is MessageRow => row.kind === "message");

describe("conversationRows", () => {
  const history = [
    message(1, PARTNER, "2026-01-14T09:00:00.000Z"),
    message(2, ME, "2026-01-15T09:00:00.000Z", { readAt: "2026-01-15T09:30:00.000Z" }),
    message(3, ME, "2026-01-15T09:01:00.000Z", { clientId: "client-3" }),
    message(4, PARTNER, "2026-01-15T10:00:00.000Z"),
  ];

  it("puts a line before each day's first message", () => {
    const rows = conversationRows(history, [], ME, zone);
    expect(rows.map((row) => (row.kind === "day" ? `day ${row.at.slice(0, 10)}` : row.key))).toEqual([
      "day 2026-01-14",
      "id-1",
      "day 2026-01-15",
      "id-2",
      "client-3",
      "id-4",
    ]);
  });

  it("says Sent or Read under the member's message while it is the latest word", () => {
    const mineLast = history.slice(0, 3);
    expect(onlyMessages(conversationRows(mineLast, [], ME, zone)).map((row) => row.receipt)).toEqual([null, null, "Sent"]);
    const read = mineLast.map((m) => (m.id === 3 ? { ...m, readAt: "2026-01-15T11:00:00.000Z" } : m));
    expect(onlyMessages(conversationRows(read, [], ME, zone)).map((row) => row.receipt)).toEqual([null, null, "Read"]);
    // Once the partner has answered, the answer says enough.
    expect(onlyMessages(conversationRows(history, [], ME, zone)).every((row) => row.receipt === null)).toBe(true);
  });

  it("shows messages on their way after the conversation, and no receipt while they travel", () => {
    const rows = onlyMessages(
      conversationRows(history, [outgoing("a", "sending", "2026-01-15T10:05:00.000Z"), outgoing("b", "failed", "2026-01-15T10:06:00.000Z")], ME, zone),
    );
    expect(rows.slice(-2).map((row) => [row.key, row.state, row.mine])).toEqual([
      ["a", "sending", true],
      ["b", "failed", true],
    ]);
    expect(rows.every((row) => row.receipt === null)).toBe(true);
  });

  it("draws close messages from one person as a run", () => {
    const rows = onlyMessages(conversationRows(history, [], ME, zone));
    expect(rows.map((row) => [row.runStart, row.runEnd])).toEqual([
      [true, true],
      [true, false],
      [false, true],
      [true, true],
    ]);
  });

  it("keeps a message's key from sending to delivered", () => {
    const sending = onlyMessages(conversationRows([], [outgoing("client-9", "sending", "2026-01-15T10:00:00.000Z")], ME, zone));
    const delivered = onlyMessages(conversationRows([message(9, ME, "2026-01-15T10:00:01.000Z", { clientId: "client-9" })], [], ME, zone));
    expect(sending[0]?.key).toBe(delivered[0]?.key);
  });
});
