import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { RealtimeConnection, realtimeUrl, SESSION_ENDED_CLOSE_CODE, type RealtimeCallbacks } from "./realtime-connection";

/** Just enough of a browser WebSocket to drive the connection from a test. */
class FakeSocket {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((close: { code: number }) => void) | null = null;

  constructor(readonly url: string) {}

  send(frame: string) {
    this.sent.push(frame);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // What the server (or the network) does:
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(data: unknown) {
    this.onmessage?.({ data: typeof data === "string" ? data : JSON.stringify(data) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onerror?.();
    this.onclose?.({ code });
  }
}

function setUp(overrides: Partial<RealtimeCallbacks> = {}) {
  const sockets: FakeSocket[] = [];
  const callbacks = {
    onStatus: vi.fn(),
    onEvent: vi.fn(),
    onOpen: vi.fn(),
    onSessionEnded: vi.fn(),
    onRefused: vi.fn(),
    ...overrides,
  };
  const connection = new RealtimeConnection("ws://clinic.test/ws", callbacks, {
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    random: () => 0.999_999,
  });
  const latest = () => sockets.at(-1)!;
  return { connection, callbacks, sockets, latest };
}

describe("realtimeUrl", () => {
  it("follows the page: ws for http, wss for https, same host", () => {
    expect(realtimeUrl({ protocol: "http:", host: "127.0.0.1:4173" })).toBe("ws://127.0.0.1:4173/ws");
    expect(realtimeUrl({ protocol: "https:", host: "halcyon.example" })).toBe("wss://halcyon.example/ws");
  });
});

describe("RealtimeConnection", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("is connecting until the socket opens, then connected", () => {
    const { connection, callbacks, latest } = setUp();
    connection.start();
    expect(connection.status).toBe("connecting");
    expect(latest().url).toBe("ws://clinic.test/ws");
    latest().open();
    expect(connection.status).toBe("connected");
    expect(callbacks.onStatus).toHaveBeenLastCalledWith("connected");
    expect(callbacks.onOpen).toHaveBeenCalledExactlyOnceWith({ reconnected: false });
  });

  it("hands on the events it can read and only logs the rest", () => {
    const { connection, callbacks, latest } = setUp();
    connection.start();
    latest().open();
    latest().push({ type: "messages_read", data: { readerId: 2, partnerId: 1 } });
    latest().push("{broken");
    latest().push({ type: "something_new", data: {} });
    expect(callbacks.onEvent).toHaveBeenCalledExactlyOnceWith({ type: "messages_read", data: { readerId: 2, partnerId: 1 } });
    expect(console.warn).toHaveBeenCalledOnce();
  });

  it("reconnects with growing waits after drops, and says it reconnected", async () => {
    const { connection, callbacks, sockets, latest } = setUp();
    connection.start();
    latest().open();
    latest().drop();
    expect(connection.status).toBe("connecting");
    expect(callbacks.onRefused).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(499);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);

    latest().drop(); // refused: never opened
    expect(callbacks.onRefused).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);

    latest().open();
    expect(callbacks.onOpen).toHaveBeenLastCalledWith({ reconnected: true });

    // A success resets the schedule: the next drop waits half a second again.
    latest().drop();
    await vi.advanceTimersByTimeAsync(500);
    expect(sockets).toHaveLength(4);
  });

  it("stops for good when the server says the session ended", async () => {
    const { connection, callbacks, sockets, latest } = setUp();
    connection.start();
    latest().open();
    latest().drop(SESSION_ENDED_CLOSE_CODE);
    expect(connection.status).toBe("ended");
    expect(callbacks.onSessionEnded).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    connection.wake();
    expect(sockets).toHaveLength(1);
  });

  it("resumes after the session's end only when asked (the member is signed in on a new session)", () => {
    const { connection, sockets, latest } = setUp();
    connection.start();
    connection.resume();
    expect(sockets).toHaveLength(1);
    latest().open();
    latest().drop(SESSION_ENDED_CLOSE_CODE);
    connection.resume();
    expect(sockets).toHaveLength(2);
    expect(connection.status).toBe("connecting");
    latest().open();
    expect(connection.status).toBe("connected");
  });

  it("closes normally when stopped and never comes back", async () => {
    const { connection, callbacks, sockets, latest } = setUp();
    connection.start();
    latest().open();
    connection.stop();
    expect(latest().closedWith).toBe(1000);
    latest().drop(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    expect(callbacks.onSessionEnded).not.toHaveBeenCalled();
  });

  it("stopping during a wait cancels the retry", async () => {
    const { connection, sockets, latest } = setUp();
    connection.start();
    latest().drop();
    connection.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it("wake skips the wait when down, and sends a keep-alive when up", async () => {
    const { connection, sockets, latest } = setUp();
    connection.start();
    latest().open();
    connection.wake();
    expect(latest().sent).toEqual(["ping"]);

    for (let drop = 0; drop < 5; drop += 1) {
      latest().drop();
      await vi.runOnlyPendingTimersAsync();
    }
    latest().drop();
    const before = sockets.length;
    connection.wake();
    expect(sockets).toHaveLength(before + 1);
    // Only one socket at a time: waking again while it is connecting changes nothing.
    connection.wake();
    expect(sockets).toHaveLength(before + 1);
  });

  it("ignores late events from a socket it has replaced", async () => {
    const { connection, callbacks, sockets } = setUp();
    connection.start();
    const first = sockets[0]!;
    first.drop();
    await vi.advanceTimersByTimeAsync(500);
    first.push({ type: "appointment_changed", data: { id: 1 } });
    first.drop();
    expect(callbacks.onEvent).not.toHaveBeenCalled();
    expect(sockets).toHaveLength(2);
  });
});
