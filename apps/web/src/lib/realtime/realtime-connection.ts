import { reconnectDelay } from "./backoff";
import { parseRealtimeEvent, type RealtimeEvent } from "./realtime-event";

/** The server closes with this code when the socket's session ended: sign in again, don't reconnect. */
export const SESSION_ENDED_CLOSE_CODE = 4001;
const NORMAL_CLOSURE = 1000;
/** A keep-alive frame; the server reads any frame as a sign of life and answers none. */
const KEEP_ALIVE_FRAME = "ping";
/** WebSocket.OPEN, spelled out so this module also loads where there is no WebSocket global (unit tests). */
const OPEN = 1;

/** "connecting" covers the first attempt and every wait between attempts; "ended" is final. */
export type ConnectionStatus = "connecting" | "connected" | "ended";

export type RealtimeCallbacks = {
  onStatus: (status: ConnectionStatus) => void;
  onEvent: (event: RealtimeEvent) => void;
  /** Every time the socket opens; whatever was pushed while it was down must be read again. */
  onOpen: (info: { reconnected: boolean }) => void;
  /** Closed with 4001: the session is over (signed out elsewhere, expired, deactivated). */
  onSessionEnded: () => void;
  /** Closed before it ever opened: the network, the server, or a session that ended meanwhile. */
  onRefused?: () => void;
};

export type RealtimeConnectionOptions = {
  createSocket?: (url: string) => WebSocket;
  random?: () => number;
};

/** `/ws` on the page's own host: wss when the page is https. */
export function realtimeUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
}

/**
 * One WebSocket to the server that keeps itself open: reconnects with backoff after any close
 * except the end of the session, and says so every time it opens so the app can catch up on
 * what it missed. It sends keep-alives, and the frames a screen asks it to (a video visit's signalling).
 */
export class RealtimeConnection {
  readonly #url: string;
  readonly #callbacks: RealtimeCallbacks;
  readonly #createSocket: (url: string) => WebSocket;
  readonly #random: () => number;
  #socket: WebSocket | null = null;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;
  #failures = 0;
  #hasOpened = false;
  #stopped = false;
  #status: ConnectionStatus = "connecting";

  constructor(url: string, callbacks: RealtimeCallbacks, options: RealtimeConnectionOptions = {}) {
    this.#url = url;
    this.#callbacks = callbacks;
    this.#createSocket = options.createSocket ?? ((address) => new WebSocket(address));
    this.#random = options.random ?? Math.random;
  }

  get status(): ConnectionStatus {
    return this.#status;
  }

  start(): void {
    if (this.#stopped || this.#socket || this.#retryTimer) return;
    this.#connect();
  }

  /** Closes for good (the member signed out, or the app no longer needs it). */
  stop(): void {
    this.#stopped = true;
    this.#clearRetry();
    const socket = this.#socket;
    this.#socket = null;
    socket?.close(NORMAL_CLOSURE, "done");
  }

  /**
   * After the server ended the session's socket (4001) but the member turned out to be signed in
   * still (they changed their password: a new session, the old one's socket closed): connect anew.
   */
  resume(): void {
    if (this.#stopped || this.#status !== "ended") return;
    this.#failures = 0;
    this.#connect();
  }

  /**
   * The network is back or the tab is in view again: skip the rest of the wait and try now. An
   * open socket gets a keep-alive instead, which makes a connection that died unnoticed (a laptop
   * that slept) fail at once rather than minutes later.
   */
  wake(): void {
    if (this.#stopped || this.#status === "ended") return;
    if (this.#socket) {
      if (this.#socket.readyState === OPEN) this.#socket.send(KEEP_ALIVE_FRAME);
      return;
    }
    this.#clearRetry();
    this.#failures = 0;
    this.#connect();
  }

  /** Sends a frame now; false when the socket is not open (the screen waits for the next "connected"). */
  send(frame: { type: string; data: unknown }): boolean {
    if (!this.#socket || this.#socket.readyState !== OPEN) return false;
    this.#socket.send(JSON.stringify(frame));
    return true;
  }

  #connect(): void {
    this.#setStatus("connecting");
    let socket: WebSocket;
    try {
      socket = this.#createSocket(this.#url);
    } catch (error) {
      console.warn("Realtime: could not open the connection", error);
      this.#scheduleRetry();
      return;
    }
    this.#socket = socket;
    let opened = false;

    socket.onopen = () => {
      if (this.#socket !== socket) return;
      opened = true;
      this.#failures = 0;
      const reconnected = this.#hasOpened;
      this.#hasOpened = true;
      this.#setStatus("connected");
      this.#callbacks.onOpen({ reconnected });
    };

    socket.onmessage = (message: MessageEvent) => {
      if (this.#socket !== socket) return;
      let event: RealtimeEvent | null;
      try {
        event = parseRealtimeEvent(message.data);
      } catch (error) {
        console.warn("Realtime: ignored a message the app could not read", error);
        return;
      }
      if (event) this.#callbacks.onEvent(event);
    };

    // Always followed by a close, which decides what happens next; the spec has errors logged only.
    socket.onerror = () => {
      if (this.#socket === socket) console.warn("Realtime: the connection failed");
    };

    socket.onclose = (close: CloseEvent) => {
      if (this.#socket !== socket) return;
      this.#socket = null;
      if (this.#stopped) return;
      if (close.code === SESSION_ENDED_CLOSE_CODE) {
        this.#setStatus("ended");
        this.#callbacks.onSessionEnded();
        return;
      }
      if (!opened) this.#callbacks.onRefused?.();
      // onRefused may have stopped us (the member turned out to be signed out).
      if (!this.#stopped) this.#scheduleRetry();
    };
  }

  #scheduleRetry(): void {
    this.#setStatus("connecting");
    const delay = reconnectDelay(this.#failures, this.#random);
    this.#failures += 1;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      if (!this.#stopped) this.#connect();
    }, delay);
  }

  #clearRetry(): void {
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
  }

  #setStatus(status: ConnectionStatus): void {
    if (this.#status === status) return;
    this.#status = status;
    this.#callbacks.onStatus(status);
  }
}
