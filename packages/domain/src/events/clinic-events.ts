import type { CallEndReason } from "../visits/visit-times";

// What happened that someone's open screen should hear about. The domain publishes; transports
// (the WebSocket) deliver to the listed recipients. In-process here; several API instances on
// one PostgreSQL relay through it (see the API's event relay).
export type ClinicEvent =
  | { type: "appointment_changed"; data: { id: number }; recipients: number[] }
  /** A waitlist offer was made to the recipient, or answered, expired or withdrawn: their offers list reloads. */
  | { type: "waitlist_offer_changed"; data: { offerId: number }; recipients: number[] }
  | { type: "new_message"; data: { id: number; senderId: number; receiverId: number; createdAt: string }; recipients: number[] }
  | { type: "messages_read"; data: { readerId: number; partnerId: number }; recipients: number[] }
  /**
   * A video visit's room: a party joined (the doctor hears `visit_waiting` when the patient joins
   * before being admitted), was admitted, left, or the doctor ended it; `visit_signal` carries a
   * WebRTC offer, answer or ICE candidate to the other party; `visit_invite` asks the patient to an
   * instant visit. A `visit_end` the server sends because the room's reason went carries `reason`.
   */
  | { type: VisitEventType; data: { visitId: number; fromUserId: number; payload?: unknown; reason?: CallEndReason }; recipients: number[] }
  /** A PHQ-9 raised the safety alert (item 9 above 0): to each of the patient's doctors. */
  | { type: "measure_alert"; data: { alertId: number; patientId: number; patientName: string; createdAt: string }; recipients: number[] }
  /** A doctor acknowledged a safety alert: the other doctors' dashboards drop it. */
  | { type: "measure_alert_closed"; data: { alertId: number; patientId: number }; recipients: number[] }
  /** Sign-in sessions ended: one (logout) or all of a user's (password reset, deactivation). Not sent to browsers. */
  | { type: "sessions_ended"; data: { userId: number; sessionIdHash?: string }; recipients: number[] }
  /** The clinic's settings changed: every instance reloads them. Not sent to browsers. */
  | { type: "settings_changed"; data: Record<string, never>; recipients: number[] };

export const VISIT_EVENT_TYPES = ["visit_join", "visit_waiting", "visit_signal", "visit_admit", "visit_leave", "visit_end", "visit_invite"] as const;
export type VisitEventType = (typeof VISIT_EVENT_TYPES)[number];

export type ClinicEventListener = (event: ClinicEvent) => void;

export interface ClinicEventBus {
  publish(event: ClinicEvent): void;
  subscribe(listener: ClinicEventListener): () => void;
}

export function createLocalEventBus(): ClinicEventBus {
  const listeners = new Set<ClinicEventListener>();
  return {
    publish(event) {
      for (const listener of listeners) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
