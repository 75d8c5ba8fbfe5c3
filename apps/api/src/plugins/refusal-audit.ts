// Refusals of requests from nobody signed in, audited once the answer has gone: a 401 caused by
// a session cookie that is no session (forged, ended, expired), a state change from another
// site, a refused WebSocket handshake. The clinic's refusal log writes at most a row a minute
// per address and kind, so a flood cannot flood the audit log. Never a cookie's value.
import { AppError, SIGN_IN_REQUIRED, type RefusalDetails, type RefusalKind } from "@halcyon/domain";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyRequest {
    /** The request presented a session cookie that is no session. */
    deadSessionCookie: boolean;
    /** What to audit about this request's refusal once it is answered. */
    refusal: { kind: RefusalKind; details: RefusalDetails } | null;
  }
}

const MAX_DETAIL_LENGTH = 200;

/** Marks `request` as refused, with where it went (the path without its query, which may carry search terms). */
export function noteRefusal(request: FastifyRequest, kind: RefusalKind, details: RefusalDetails = {}): void {
  const path = (request.url.split("?")[0] ?? "").slice(0, MAX_DETAIL_LENGTH);
  request.refusal ??= { kind, details: { method: request.method, path, ...details } };
}

/** A header's value as a detail, bounded (it is whatever the client sent). */
export function headerDetail(value: string | string[] | undefined): string {
  return String(value ?? "").slice(0, MAX_DETAIL_LENGTH);
}

/** Marks a "please sign in" refusal of a request whose session cookie is no session: the cookie caused it. */
export function noteSessionRefusal(request: FastifyRequest, error: unknown): void {
  if (request.deadSessionCookie && error instanceof AppError && error.message === SIGN_IN_REQUIRED) noteRefusal(request, "invalid_session");
}

export default fp(
  async (app) => {
    app.decorateRequest("deadSessionCookie", false);
    app.decorateRequest("refusal", null);
    app.addHook("onResponse", async (request) => {
      if (!request.refusal) return;
      await app.clinic.refusals
        .record({ ...request.refusal, request: { ip: request.ip, userAgent: request.headers["user-agent"] ?? null } })
        .catch((error: unknown) => app.log.error({ err: error }, "could not audit a refused request"));
    });
  },
  { name: "refusal-audit", dependencies: ["database"] },
);
