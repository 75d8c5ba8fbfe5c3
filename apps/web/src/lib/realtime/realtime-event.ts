// What the server pushes over /ws (docs/product.md). Parsed by hand rather than with zod: this
// code ships with every page, the landing page included, and has a weight budget.

export type NewMessageEvent = {
  type: "new_message";
  /** No content: the message is read through the API, where access is checked. */
  data: { id: number; senderId: number; receiverId: number; createdAt: string };
};
export type MessagesReadEvent = { type: "messages_read"; data: { readerId: number; partnerId: number } };
export type AppointmentChangedEvent = { type: "appointment_changed"; data: { id: number } };
/** A waitlist offer to this member was made, answered, ran out or was withdrawn: read through the API. */
export type WaitlistOfferChangedEvent = { type: "waitlist_offer_changed"; data: { offerId: number } };

/** A video visit's room: the other party joined, waits, was admitted, left, sent a signal; the visit ended; an invitation. */
export type VisitEventType = "visit_join" | "visit_waiting" | "visit_signal" | "visit_admit" | "visit_leave" | "visit_end" | "visit_invite";
export type VisitEvent = { type: VisitEventType; data: { visitId: number; fromUserId: number; payload?: unknown } };
/** The answer to this tab's own visit_join. */
export type VisitJoinedEvent = {
  type: "visit_joined";
  data: { visitId: number; role: "doctor" | "patient"; admitted: boolean; otherPresent: boolean };
};
/** A patient's PHQ-9 raised the safety alert (to their doctors), or a doctor acknowledged one. */
export type MeasureAlertEvent = { type: "measure_alert" | "measure_alert_closed"; data: { alertId: number; patientId: number } };
/** The server refused a frame this tab sent. */
export type RefusalEvent = { type: "error"; data: { code: string; message: string } };

export type RealtimeEvent =
  NewMessageEvent | MessagesReadEvent | AppointmentChangedEvent | WaitlistOfferChangedEvent | MeasureAlertEvent | VisitEvent | VisitJoinedEvent | RefusalEvent;

const VISIT_EVENT_TYPES: readonly string[] = ["visit_join", "visit_waiting", "visit_signal", "visit_admit", "visit_leave", "visit_end", "visit_invite"];
const isVisitEventType = (type: string): type is VisitEventType => VISIT_EVENT_TYPES.includes(type);
const KNOWN_TYPES: readonly string[] = [
  "new_message",
  "messages_read",
  "appointment_changed",
  "waitlist_offer_changed",
  "measure_alert",
  "measure_alert_closed",
  "visit_joined",
  "error",
];

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
  if (isVisitEventType(type)) {
    if (!isObject(data)) throw new RealtimeParseError(`${type} without data`);
    return { type, data: { ...ids(data, ["visitId", "fromUserId"]), ...(data.payload === undefined ? {} : { payload: data.payload }) } };
  }
  if (!KNOWN_TYPES.includes(type)) return null;
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
    case "waitlist_offer_changed":
      return { type, data: ids(data, ["offerId"]) };
    case "measure_alert":
    case "measure_alert_closed":
      return { type, data: ids(data, ["alertId", "patientId"]) };
    case "visit_joined": {
      if (data.role !== "doctor" && data.role !== "patient") throw new RealtimeParseError('"role" is not a role');
      if (typeof data.admitted !== "boolean" || typeof data.otherPresent !== "boolean") throw new RealtimeParseError("visit_joined without its flags");
      return { type, data: { ...ids(data, ["visitId"]), role: data.role, admitted: data.admitted, otherPresent: data.otherPresent } };
    }
    case "error": {
      if (typeof data.code !== "string" || typeof data.message !== "string") throw new RealtimeParseError("error without its code and message");
      return { type, data: { code: data.code, message: data.message } };
    }
    default:
      return null;
  }
}
