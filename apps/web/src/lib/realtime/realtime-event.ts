// What the server pushes over /ws (docs/product.md). Parsed by hand rather than with zod: this
// code ships with every page, the landing page included, and has a weight budget.

export type NewMessageEvent = {
  type: "new_message";
  /** No content: the message is read through the API, where access is checked. */
  data: { id: number; senderId: number; receiverId: number; createdAt: string };
};
export type MessagesReadEvent = { type: "messages_read"; data: { readerId: number; partnerId: number } };
export type AppointmentChangedEvent = { type: "appointment_changed"; data: { id: number } };

export type RealtimeEvent = NewMessageEvent | MessagesReadEvent | AppointmentChangedEvent;

export class RealtimeParseError extends Error {
  override name = "RealtimeParseError";
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === "object" && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value);

function ids<Key extends string>(data: Fields, keys: readonly Key[]): Record<Key, number> {
  const picked = {} as Record<Key, number>;
  for (const key of keys) {
    const value = data[key];
    if (!isId(value)) throw new RealtimeParseError(`"${key}" is not an id`);
    picked[key] = value;
  }
  return picked;
}

/**
 * Reads one frame from the server. Returns null for a type this client does not know (a newer
 * server may say more), and throws RealtimeParseError for a frame that is not what it claims.
 */
export function parseRealtimeEvent(frame: unknown): RealtimeEvent | null {
  if (typeof frame !== "string") throw new RealtimeParseError("not a text frame");
  let message: unknown;
  try {
    message = JSON.parse(frame);
  } catch {
    throw new RealtimeParseError("not JSON");
  }
  if (!isObject(message) || typeof message.type !== "string") throw new RealtimeParseError("no type");
  const { type, data } = message;
  if (type !== "new_message" && type !== "messages_read" && type !== "appointment_changed") return null;
  if (!isObject(data)) throw new RealtimeParseError(`${type} without data`);

  switch (type) {
    case "new_message": {
      if (typeof data.createdAt !== "string") throw new RealtimeParseError('"createdAt" is not a string');
      return { type, data: { ...ids(data, ["id", "senderId", "receiverId"]), createdAt: data.createdAt } };
    }
    case "messages_read":
      return { type, data: ids(data, ["readerId", "partnerId"]) };
    case "appointment_changed":
      return { type, data: ids(data, ["id"]) };
  }
}
