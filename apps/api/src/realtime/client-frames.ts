// What a client may say on /ws: keep-alives, and the signalling of a video visit's room. Every
// frame is checked (JSON of a known shape, within the socket's rate) and anything refused is
// answered with an error frame that names the reason; the socket stays open. Frames of one
// socket are handled in the order they came: a signal sent right after a join waits for it.
import { admitToVisit, AppError, endVisit, INTERNAL_ERROR_MESSAGE, joinVisit, leaveVisit, type Seat } from "@halcyon/domain";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { ClientSocket } from "./socket-hub";

/** The keep-alive the web app sends; anything else must be a JSON frame. */
const KEEP_ALIVE = "ping";
/** The start of a call sends a burst (an offer, an answer, a few dozen ICE candidates); then a steady rate. */
const FRAME_BURST = 60;
const FRAMES_PER_SECOND = 20;
/** Errors are not queued behind a client that does not read them. */
const MAX_BUFFERED_BYTES = 256 * 1024;

const frameSchema = z.object({
  type: z.enum(["visit_join", "visit_signal", "visit_admit", "visit_leave", "visit_end"]),
  data: z.strictObject({ visitId: z.number().int().positive(), payload: z.unknown().optional() }),
});
type Frame = z.infer<typeof frameSchema>;

const FRAME_SHAPE = "A frame is JSON: {type, data: {visitId, payload?}}, type one of visit_join, visit_signal, visit_admit, visit_leave, visit_end.";

/** A token bucket: FRAME_BURST frames at once, FRAMES_PER_SECOND after that. */
export class FrameBudget {
  #tokens = FRAME_BURST;
  #at: number;

  constructor(now: number) {
    this.#at = now;
  }

  take(now: number): boolean {
    this.#tokens = Math.min(FRAME_BURST, this.#tokens + ((now - this.#at) * FRAMES_PER_SECOND) / 1000);
    this.#at = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}

export function send(client: ClientSocket, frame: { type: string; data: unknown }): void {
  if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(frame));
}

function refuse(client: ClientSocket, code: string, message: string): void {
  if (client.socket.bufferedAmount < MAX_BUFFERED_BYTES) send(client, { type: "error", data: { code, message } });
}

/** The seat `client` holds in the room, while the room is open; refused otherwise. */
function seatIn(client: ClientSocket, visitId: number): Seat {
  const seat = client.seats.get(visitId);
  if (!seat) throw new AppError("FORBIDDEN", "Join the visit before signalling in it.");
  if (client.member.now().getTime() >= Date.parse(seat.closesAt)) {
    client.seats.delete(visitId);
    throw new AppError("CONFLICT", "This visit has ended.");
  }
  return seat;
}

/** Relays a signal to the other party: the hot path of a call, synchronous (no database). */
function relay(client: ClientSocket, visitId: number, payload: unknown): void {
  const seat = seatIn(client, visitId);
  if (!seat.admitted) throw new AppError("FORBIDDEN", "The patient has not been admitted yet.");
  if (payload === undefined || payload === null) throw new AppError("INVALID_INPUT", "A signal carries a payload: an offer, an answer or an ICE candidate.");
  client.member.events.publish({ type: "visit_signal", data: { visitId, fromUserId: client.userId, payload }, recipients: [seat.otherId] });
}

/** The room's steps that the record keeps (they reach the database). */
async function act(client: ClientSocket, frame: Frame): Promise<void> {
  const { visitId } = frame.data;
  const ctx = client.member;
  switch (frame.type) {
    case "visit_join": {
      const joined = await joinVisit(ctx, visitId, client.socketId);
      client.seats.set(visitId, joined.seat);
      send(client, { type: "visit_joined", data: { visitId, role: joined.seat.role, admitted: joined.seat.admitted, otherPresent: joined.otherPresent } });
      return;
    }
    case "visit_signal":
      return relay(client, visitId, frame.data.payload);
    case "visit_admit": {
      seatIn(client, visitId);
      client.seats.set(visitId, await admitToVisit(ctx, visitId));
      return;
    }
    case "visit_leave": {
      const seat = client.seats.get(visitId);
      if (!seat) throw new AppError("FORBIDDEN", "You are not in this visit.");
      client.seats.delete(visitId);
      await leaveVisit(ctx, seat, client.socketId);
      return;
    }
    case "visit_end":
      seatIn(client, visitId);
      await endVisit(ctx, visitId);
      return;
  }
}

function refuseFailure(client: ClientSocket, error: unknown, type: string, log: FastifyBaseLogger): void {
  if (error instanceof AppError) return refuse(client, error.appCode, error.message);
  log.error({ err: error, type }, "a socket frame failed");
  refuse(client, "INTERNAL", INTERNAL_ERROR_MESSAGE);
}

/** Checks and acts on one frame from `client`, answering a refusal with an error frame. */
export function receiveFrame(client: ClientSocket, raw: string, log: FastifyBaseLogger): void {
  if (!client.budget.take(Date.now())) return refuse(client, "RATE_LIMITED", "Too many messages: slow down.");
  if (raw === KEEP_ALIVE) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return refuse(client, "INVALID_INPUT", FRAME_SHAPE);
  }
  const frame = frameSchema.safeParse(parsed);
  if (!frame.success) return refuse(client, "INVALID_INPUT", FRAME_SHAPE);
  const { type, data } = frame.data;
  // A signal with nothing before it still being handled is relayed at once; anything else waits its turn.
  if (type === "visit_signal" && client.inFlight === 0) {
    try {
      return relay(client, data.visitId, data.payload);
    } catch (error) {
      return refuseFailure(client, error, type, log);
    }
  }
  client.inFlight += 1;
  client.pending = client.pending
    .then(() => act(client, frame.data))
    .catch((error: unknown) => refuseFailure(client, error, type, log))
    .finally(() => (client.inFlight -= 1));
}

/** The socket closed: it leaves every room it sat in (a reload that already rejoined stays). */
export function leaveAllRooms(client: ClientSocket, log: FastifyBaseLogger): void {
  client.pending = client.pending.then(async () => {
    const seats = [...client.seats.values()];
    client.seats.clear();
    for (const seat of seats) {
      await leaveVisit(client.member, seat, client.socketId).catch((error: unknown) => log.warn({ err: error }, "could not record a visit's leaving"));
    }
  });
}
