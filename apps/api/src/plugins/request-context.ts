// Turns an HTTP request into the domain's RequestContext: who is signed in (from the session
// cookie), where the request came from, and how to set or clear the cookie. Every door (tRPC,
// REST, and later the WebSocket) builds its context here.
import cookie from "@fastify/cookie";
import { purgeExpiredAttempts, purgeUnclaimedUploads, resolveLoginSession, type RequestContext } from "@halcyon/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { purgeEndedLoginSessions, purgeExpiredPendingSignIns, purgeExpiredWebauthnChallenges } from "@halcyon/db";
import type { Env } from "../env";
import { expectedOrigin } from "./security";

declare module "fastify" {
  interface FastifyInstance {
    createRequestContext(request: FastifyRequest, reply: FastifyReply): Promise<RequestContext>;
  }
}

const PURGE_INTERVAL_MS = 15 * 60_000;

export function sessionCookieName(env: Env, kind: "session" | "pending" = "session"): string {
  // The __Host- prefix makes browsers refuse the cookie unless it is Secure, host-only and Path=/.
  return env.PUBLIC_ORIGIN?.startsWith("https:") ? `__Host-halcyon_${kind}` : `halcyon_${kind}`;
}

/**
 * The origin passkeys are bound to: PUBLIC_ORIGIN. Outside production, the origin the request came
 * to stands in (a developer's localhost); in production a Host header never decides it.
 */
function passkeyOrigin(request: FastifyRequest, env: Env): string | undefined {
  return env.PUBLIC_ORIGIN ?? (env.NODE_ENV === "production" ? undefined : expectedOrigin(request, env));
}

export default fp<{ env: Env }>(
  async (app, { env }) => {
    await app.register(cookie);
    const name = sessionCookieName(env);
    const pendingName = sessionCookieName(env, "pending");
    const secure = env.PUBLIC_ORIGIN?.startsWith("https:") ?? false;
    const cookieOptions = { path: "/", httpOnly: true, sameSite: "lax", secure } as const;

    app.decorate("createRequestContext", async (request: FastifyRequest, reply: FastifyReply): Promise<RequestContext> => {
      const services = app.clinic;
      const token = request.cookies[name];
      // A refused cookie is left alone, not cleared: a refusal that lands after a login's new
      // cookie would otherwise wipe it. A dead cookie is simply not a session.
      const user = token ? await resolveLoginSession(services, token) : null;
      if (token && !user) request.deadSessionCookie = true;
      return {
        ...services,
        user,
        sessionToken: user ? (token ?? null) : null,
        request: { ip: request.ip, userAgent: request.headers["user-agent"] ?? null, origin: passkeyOrigin(request, env) },
        cookies: {
          set: (value, expiresAt) => void reply.setCookie(name, value, { ...cookieOptions, expires: expiresAt }),
          clear: () => void reply.clearCookie(name, cookieOptions),
        },
        pendingSignIn: {
          token: request.cookies[pendingName] ?? null,
          set: (value, expiresAt) => void reply.setCookie(pendingName, value, { ...cookieOptions, sameSite: "strict", expires: expiresAt }),
          clear: () => void reply.clearCookie(pendingName, { ...cookieOptions, sameSite: "strict" }),
        },
      };
    });

    // Ended sessions are refused when presented, and expired throttle counts are not counted;
    // this only keeps the tables small.
    const purge = async () => {
      const now = app.clinic.now();
      const idleBefore = new Date(now.getTime() - app.clinic.config.session.idleTimeoutMs).toISOString();
      await purgeEndedLoginSessions(app.clinic.db, now.toISOString(), idleBefore).catch((error: unknown) =>
        app.log.warn({ err: error }, "could not purge ended sessions"),
      );
      await purgeExpiredPendingSignIns(app.clinic.db, now.toISOString()).catch((error: unknown) =>
        app.log.warn({ err: error }, "could not purge expired sign-ins"),
      );
      await purgeExpiredWebauthnChallenges(app.clinic.db, now.toISOString()).catch((error: unknown) =>
        app.log.warn({ err: error }, "could not purge expired passkey challenges"),
      );
      await purgeUnclaimedUploads(app.clinic).catch((error: unknown) => app.log.warn({ err: error }, "could not purge unsent attachments"));
      await purgeExpiredAttempts(app.clinic).catch((error: unknown) => app.log.warn({ err: error }, "could not purge expired throttle counts"));
    };
    const timer = setInterval(() => void purge(), PURGE_INTERVAL_MS);
    timer.unref();
    app.addHook("onClose", async () => clearInterval(timer));
  },
  { name: "request-context", dependencies: ["database", "refusal-audit"] },
);
