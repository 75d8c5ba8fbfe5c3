// The WebSocket /ws: opened with the session cookie from a page of this origin, kept alive by
// heartbeats, limited in what a client may send (keep-alives and a video visit's signalling), and
// closed when its session ends.
import { randomUUID } from "node:crypto";
import websocket from "@fastify/websocket";
import type { User } from "@halcyon/db";
import { AppError, assertFullAccess, auditRefusal, hashSessionToken, resolveLoginSession, type RequestContext } from "@halcyon/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Env } from "../env";
import { sessionCookieName } from "../plugins/request-context";
import { FrameBudget, leaveAllRooms, receiveFrame } from "../realtime/client-frames";
import { CLOSE_POLICY, CLOSE_SESSION_ENDED, SocketHub, type ClientSocket } from "../realtime/socket-hub";
import { sendError } from "../errors";
import { noteRefusal } from "../plugins/refusal-audit";

/** Room for a WebRTC offer (a few kilobytes of SDP); nothing a client sends is larger. */
export const WS_MAX_PAYLOAD_BYTES = 32 * 1024;
const MAX_SOCKETS_PER_USER = 10;
const HEARTBEAT_MS = 30_000;

declare module "fastify" {
  interface FastifyInstance {
    sockets: SocketHub;
  }
  interface FastifyRequest {
    /** Who opens the socket, as checked at the handshake. */
    socketUser: { user: User; token: string } | null;
  }
}

function expectedOrigins(env: Env, host: string | undefined): string[] {
  if (env.PUBLIC_ORIGIN) return [env.PUBLIC_ORIGIN];
  return host ? [`http://${host}`, `https://${host}`] : [];
}

export async function websocketRoutes(app: FastifyInstance, { env }: { env: Env }): Promise<void> {
  const hub = new SocketHub();
  app.decorate("sockets", hub);
  const unsubscribe = app.clinic.events.subscribe((event) => hub.deliver(event));

  await app.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD_BYTES } });

  /** A session may keep its socket while it lives and has full access (the clinic's two-step policy may have changed since). */
  const mayListen = (user: Awaited<ReturnType<typeof resolveLoginSession>>): boolean => {
    if (!user) return false;
    try {
      assertFullAccess(app.clinic.config, user);
      return true;
    } catch {
      return false;
    }
  };

  // Heartbeat: a socket that missed a pong is gone; a socket whose session ended, or may no longer listen, is closed.
  const heartbeat = setInterval(() => {
    void (async () => {
      const checked = new Map<string, boolean>();
      for (const client of hub.all()) {
        if (!client.alive) {
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
        const token = client.sessionToken;
        if (!checked.has(token)) checked.set(token, mayListen(await resolveLoginSession(app.clinic, token, { touch: false })));
        if (!checked.get(token)) client.socket.close(CLOSE_SESSION_ENDED, "session ended");
      }
    })().catch((error: unknown) => app.log.warn({ err: error }, "socket heartbeat failed"));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  app.addHook("onClose", async () => {
    clearInterval(heartbeat);
    unsubscribe();
    for (const client of hub.all()) client.socket.close(1001, "server shutting down");
  });

  /** What a socket's frames act as: its member, from where the socket was opened; it sets no cookie. */
  const socketContext = (user: User, token: string, request: FastifyRequest): RequestContext & { user: User } => {
    const noCookie = { set: () => undefined, clear: () => undefined };
    return {
      ...app.clinic,
      user,
      sessionToken: token,
      request: { ip: request.ip, userAgent: request.headers["user-agent"] ?? null },
      cookies: noCookie,
      pendingSignIn: { ...noCookie, token: null },
    };
  };

  const cookieName = sessionCookieName(env);
  app.decorateRequest("socketUser", null);

  app.get(
    "/ws",
    {
      websocket: true,
      // Refused before the upgrade: a page of another site, or nobody signed in.
      preValidation: async (request, reply) => {
        const origin = request.headers.origin;
        if (origin !== undefined && !expectedOrigins(env, request.headers.host).includes(origin)) {
          noteRefusal(request, "websocket", { why: "cross_site" });
          return sendError(app, reply, new AppError("FORBIDDEN", "Connections from other sites are not accepted."));
        }
        const ctx = await app.createRequestContext(request, reply);
        const { user, sessionToken: token } = ctx;
        if (!user || !token) {
          noteRefusal(request, "websocket", { why: request.cookies[cookieName] ? "invalid_session" : "signed_out" });
          return sendError(app, reply, new AppError("UNAUTHENTICATED", "Sign in to connect."));
        }
        try {
          // A session on a one-time password, or staff yet to set up a required second step, hears nothing.
          assertFullAccess(app.clinic.config, user);
        } catch (error) {
          await auditRefusal(ctx, "websocket.connect", error);
          return sendError(app, reply, error);
        }
        if (hub.countOf(user.id) >= MAX_SOCKETS_PER_USER) {
          noteRefusal(request, "websocket", { why: "too_many_sockets" });
          return sendError(app, reply, new AppError("RATE_LIMITED", "Too many open connections; close another tab and try again."));
        }
        request.socketUser = { user, token };
      },
    },
    (socket, request) => {
      if (!request.socketUser) return socket.close(CLOSE_POLICY, "not signed in");
      const { user, token } = request.socketUser;
      const client: ClientSocket = {
        socket,
        socketId: randomUUID(),
        userId: user.id,
        member: socketContext(user, token, request),
        sessionToken: token,
        sessionIdHash: hashSessionToken(token),
        alive: true,
        seats: new Map(),
        budget: new FrameBudget(Date.now()),
        pending: Promise.resolve(),
        inFlight: 0,
      };
      hub.add(client);
      socket.on("pong", () => (client.alive = true));
      socket.on("message", (data, isBinary) => {
        client.alive = true;
        receiveFrame(client, isBinary ? "" : String(data), app.log);
      });
      socket.on("close", () => {
        hub.remove(client);
        leaveAllRooms(client, app.log);
      });
    },
  );
}
