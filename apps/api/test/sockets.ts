// A test's WebSocket client of /ws: what it received, in order, and how it closed.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import WebSocket from "ws";
import { listen, type SignedIn } from "./clinic-helpers";

export interface OpenSocket {
  socket: WebSocket;
  received: { type: string; data: Record<string, unknown> }[];
  closed: Promise<number>;
}

export function openSocket(base: string, who: SignedIn | null, origin?: string): Promise<OpenSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace("http", "ws")}/ws`, {
      headers: { ...(who ? { cookie: who.cookie } : {}), ...(origin ? { origin } : {}) },
    });
    const received: OpenSocket["received"] = [];
    const closed = new Promise<number>((done) => socket.on("close", (code) => done(code)));
    socket.on("message", (data) => received.push(JSON.parse(String(data))));
    socket.on("open", () => resolve({ socket, received, closed }));
    socket.on("unexpected-response", (_request, response) => reject(new Error(`refused with ${response.statusCode}`)));
    socket.on("error", reject);
  });
}

export async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

type Received = OpenSocket["received"][number];

/** Sends a JSON frame. */
export function sendFrame(open: OpenSocket, type: string, data: unknown): void {
  open.socket.send(JSON.stringify({ type, data }));
}

/** The first frame received from index `from` on that matches. */
export async function frameAfter(open: OpenSocket, from: number, matches: (frame: Received) => boolean): Promise<Received> {
  let found: Received | undefined;
  await until(() => (found = open.received.slice(from).find(matches)) !== undefined);
  return found as Received;
}

/** Sends a frame and waits for the first answer that matches. */
export function ask(open: OpenSocket, type: string, data: unknown, answer: (frame: Received) => boolean): Promise<Received> {
  const from = open.received.length;
  sendFrame(open, type, data);
  return frameAfter(open, from, answer);
}

/**
 * For a describe block: the app listens on a port of its own before the tests, and the sockets
 * the returned function opens are closed after them.
 */
export function socketsTo(app: () => FastifyInstance): (who: SignedIn) => Promise<OpenSocket> {
  let base = "";
  const sockets: OpenSocket[] = [];
  beforeAll(async () => {
    base = await listen(app());
  });
  afterAll(() => {
    for (const open of sockets) open.socket.close();
  });
  return async (who) => {
    const open = await openSocket(base, who);
    sockets.push(open);
    return open;
  };
}
