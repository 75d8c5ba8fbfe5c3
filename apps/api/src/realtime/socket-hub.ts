// The open sockets of this instance, by user, and what they are sent. It delivers clinic events
// to their recipients' sockets and closes the sockets of a session that has ended.
import type { ClinicEvent } from "@halcyon/domain";
import type { WebSocket } from "ws";

export interface ClientSocket {
  socket: WebSocket;
  userId: number;
  /** The session the socket was opened with, checked again at every heartbeat. */
  sessionToken: string;
  sessionIdHash: string;
  /** A pong has come back since the last ping. */
  alive: boolean;
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
    for (const userId of new Set(event.recipients)) {
      for (const client of this.#byUser.get(userId) ?? []) {
        if (client.socket.readyState === client.socket.OPEN) client.socket.send(payload);
      }
    }
  }
}
