// What the conversation shows, in order: a line for each day, then each message with how it
// stands: delivered (with "Sent" or "Read" under the member's latest), sending, or failed.
import type { Message } from "@halcyon/domain/schemas";

import { dayKey } from "./message-time";
import type { OutgoingMessage } from "./outbox";

/** Messages from one person this close together read as one run, drawn tighter. */
const RUN_GAP_MS = 5 * 60 * 1000;

export type MessageRow = {
  kind: "message";
  /** Stable from "sending" to "delivered" (the clientId when there is one), so nothing redraws. */
  key: string;
  content: string;
  createdAt: string;
  mine: boolean;
  state: "delivered" | "sending" | "failed";
  /** Under the member's message when it is the conversation's latest. */
  receipt: "Sent" | "Read" | null;
  outgoing: OutgoingMessage | null;
  /** First and last of a run of messages from the same person. */
  runStart: boolean;
  runEnd: boolean;
};

export type DayRow = { kind: "day"; key: string; at: string };
export type ConversationRow = DayRow | MessageRow;

type Draft = Omit<MessageRow, "runStart" | "runEnd" | "kind">;

export function conversationRows(
  messages: readonly Message[],
  pending: readonly OutgoingMessage[],
  me: number,
  zone: { timeZone?: string } = {},
): ConversationRow[] {
  let lastMine = -1;
  messages.forEach((message, index) => {
    if (message.senderId === me) lastMine = index;
  });
  // "Sent" or "Read" goes under the member's message only while it is the latest word: a reply
  // says it was read, and a message still on its way speaks for itself.
  const receiptAt = pending.length === 0 && lastMine === messages.length - 1 ? lastMine : -1;

  const drafts: Draft[] = [
    ...messages.map((message, index): Draft => ({
      key: message.clientId ?? `id-${message.id}`,
      content: message.content,
      createdAt: message.createdAt,
      mine: message.senderId === me,
      state: "delivered",
      receipt: index === receiptAt ? (message.readAt ? "Read" : "Sent") : null,
      outgoing: null,
    })),
    ...pending.map((outgoing): Draft => ({
      key: outgoing.clientId,
      content: outgoing.content,
      createdAt: outgoing.createdAt,
      mine: true,
      state: outgoing.status,
      receipt: null,
      outgoing,
    })),
  ];

  const rows: ConversationRow[] = [];
  drafts.forEach((draft, index) => {
    const previous = drafts[index - 1];
    const next = drafts[index + 1];
    const day = dayKey(draft.createdAt, zone);
    const joinsPrevious = previous !== undefined && continues(previous, draft, zone);
    const joinsNext = next !== undefined && continues(draft, next, zone);
    if (!previous || dayKey(previous.createdAt, zone) !== day) rows.push({ kind: "day", key: `day-${day}`, at: draft.createdAt });
    rows.push({ kind: "message", ...draft, runStart: !joinsPrevious, runEnd: !joinsNext });
  });
  return rows;
}

function continues(earlier: Draft, later: Draft, zone: { timeZone?: string }): boolean {
  return (
    earlier.mine === later.mine &&
    earlier.state === "delivered" &&
    Date.parse(later.createdAt) - Date.parse(earlier.createdAt) < RUN_GAP_MS &&
    dayKey(earlier.createdAt, zone) === dayKey(later.createdAt, zone)
  );
}
