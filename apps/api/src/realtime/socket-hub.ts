// The open sockets of this instance, by user, and what they are sent. It delivers clinic events
// to their recipients' sockets and closes the sockets of a session that has ended.
import type { User } from "@halcyon/db";
import type { ClinicEvent, RequestContext, Seat } from "@halcyon/domain";
import type { WebSocket } from "ws";
import type { FrameBudget } from "./client-frames";

export interface ClientSocket {
  socket: WebSocket;
  /** A random id of this socket: a room's presence names it, so a closed socket leaves only its own seat. */
  socketId: string;
  userId: number;
  /** Who opened the socket, as a request context for what its frames do. */
  member: RequestContext & { user: User };
  /** The session the socket was opened with, checked again at every heartbeat. */
  sessionToken: string;
  sessionIdHash: string;
  /** A pong has come back since the last ping. */
  alive: boolean;
  /** The video rooms this socket sits in, by visit id. */
  seats: Map<number, Seat>;
  budget: FrameBudget;
  /** The frames still being handled, in order, and how many. */
  pending: Promise<void>;
  inFlight: number;
}

/** Close codes a client can tell apart: 4001 means "sign in again", not "reconnect". */
export const CLOSE_SESSION_ENDED = 4001;
export const CLOSE_POLICY = 1008;

export class SocketHub {
  readonly #byUser = new Map<number, Set<ClientSocket>>();

  add(client: ClientSocket): void {
    const sockets = this.#byUser.get(client.userId) ?? new Set<ClientSocket>();
    sockets.add(client);
    this.#byUser.set(client.userId, sockets);
  }

  remove(client: ClientSocket): void {
    const sockets = this.#byUser.get(client.userId);
    sockets?.delete(client);
    if (sockets?.size === 0) this.#byUser.delete(client.userId);
  }

  countOf(userId: number): number {
    return this.#byUser.get(userId)?.size ?? 0;
  }

  all(): ClientSocket[] {
    return [...this.#byUser.values()].flatMap((sockets) => [...sockets]);
  }

  deliver(event: ClinicEvent): void {
    if (event.type === "sessions_ended") {
      for (const client of this.#byUser.get(event.data.userId) ?? []) {
        if (event.data.sessionIdHash === undefined || event.data.sessionIdHash === client.sessionIdHash) {
          client.socket.close(CLOSE_SESSION_ENDED, "session ended");
        }
      }
      return;
    }
    const payload = JSON.stringify({ type: event.type, data: event.data });
    const visitId = "visitId" in event.data ? event.data.visitId : undefined;
    for (const userId of new Set(event.recipients)) {
      for (const client of this.#byUser.get(userId) ?? []) {
        if (visitId !== undefined && !this.#seatFor(client, event.type, visitId)) continue;
        if (client.socket.readyState === client.socket.OPEN) client.socket.send(payload);
      }
    }
  }

  /**
   * Keeps a socket's seat in step with its room, and says whether the socket hears the event: a
   * signal reaches only a socket in the room; the rest reach all of the party's sockets (the
   * doctor's dashboard shows who waits; the patient's app shows an invitation).
   */
  #seatFor(client: ClientSocket, type: ClinicEvent["type"], visitId: number): boolean {
    const seat = client.seats.get(visitId);
    if (type === "visit_admit" && seat) seat.admitted = true;
    if (type === "visit_end") client.seats.delete(visitId);
    return type !== "visit_signal" || seat !== undefined;
  }
}
