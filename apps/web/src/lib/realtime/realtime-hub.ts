import type { ConnectionStatus } from "./realtime-connection";
import type { RealtimeEvent } from "./realtime-event";

/** What screens hear: the server's pushes, and "connected", after which anything may have been missed. */
export type RealtimeNotice = RealtimeEvent | { type: "connected"; data: { reconnected: boolean } };

type Listener<T> = (value: T) => void;

/**
 * The page's one place to hear the connection: its status (for a screen's "Connected" line) and
 * its notices. It outlives connections, so a screen subscribes once whoever is signed in.
 */
export class RealtimeHub {
  #status: ConnectionStatus = "connecting";
  readonly #statusListeners = new Set<() => void>();
  readonly #noticeListeners = new Set<Listener<RealtimeNotice>>();
  #sender: ((frame: { type: string; data: unknown }) => boolean) | null = null;

  readonly getStatus = (): ConnectionStatus => this.#status;

  readonly subscribeToStatus = (listener: () => void): (() => void) => {
    this.#statusListeners.add(listener);
    return () => this.#statusListeners.delete(listener);
  };

  readonly listen = (listener: Listener<RealtimeNotice>): (() => void) => {
    this.#noticeListeners.add(listener);
    return () => this.#noticeListeners.delete(listener);
  };

  /** Sends a frame on the open connection; false when there is none (it will say "connected" when there is). */
  readonly send = (frame: { type: string; data: unknown }): boolean => this.#sender?.(frame) ?? false;

  /** The connection that sends, while there is one. */
  setSender(sender: ((frame: { type: string; data: unknown }) => boolean) | null): void {
    this.#sender = sender;
  }

  setStatus(status: ConnectionStatus): void {
    if (status === this.#status) return;
    this.#status = status;
    this.#statusListeners.forEach((listener) => listener());
  }

  announce(notice: RealtimeNotice): void {
    this.#noticeListeners.forEach((listener) => listener(notice));
  }
}
