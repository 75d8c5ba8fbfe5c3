// The security baseline of every answer (docs/product.md): strict headers and CSP, no caching
// of API answers, JSON-only bodies, and no state change from another site.
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";
import { AppError } from "@halcyon/domain";
import type { Env } from "../env";
import { headerDetail, noteRefusal } from "./refusal-audit";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The origin browsers use to reach us: configured, or else the one this request was sent to. */
export function expectedOrigin(request: FastifyRequest, env: Env): string {
  return env.PUBLIC_ORIGIN ?? `${request.protocol}://${request.host}`;
}

/**
 * Refuses a state change a browser sends on behalf of another site. Requests without Origin and
 * Sec-Fetch-Site (curl, scripts, server-to-server) carry no ambient browser credentials risk
 * from a third-party page and are served.
 */
export function assertSameSite(request: FastifyRequest, env: Env): void {
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none") {
    throw new AppError("FORBIDDEN", "Requests from other sites are not accepted.");
  }
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== expectedOrigin(request, env)) {
    throw new AppError("FORBIDDEN", "Requests from other sites are not accepted.");
  }
}

export default fp<{ env: Env }>(
  async (app, { env }) => {
    // Helmet's middleware, built once. (@fastify/helmet builds it anew, CSP parsing included, on
    // every request: about 4% of the server's time on a light read.)
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // 'wasm-unsafe-eval' lets the page compile WebAssembly (hash-wasm's Argon2id derives the
          // password's secrets in the browser) and nothing else: no eval, no new Function.
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          // Radix positions popovers with inline styles; no style comes from another host.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // blob: an image attached to a message, opened in the browser, shows from memory.
          imgSrc: ["'self'", "data:", "blob:"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(env.PUBLIC_ORIGIN?.startsWith("https:") ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // HSTS only makes sense, and is only sent, behind https.
      strictTransportSecurity: env.PUBLIC_ORIGIN?.startsWith("https:") ? { maxAge: 31_536_000 } : false,
    });
    app.addHook("onRequest", (request, reply, done) => securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));

    // JSON is the only body the API takes; anything else is refused with 415 by Fastify.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("application/json", { parseAs: "string" }, app.getDefaultJsonParser("error", "error"));

    app.addHook("onRequest", async (request, reply) => {
      const path = request.url;
      if (path.startsWith("/api") || path.startsWith("/trpc")) reply.header("Cache-Control", "no-store");
      if (!STATE_CHANGING.has(request.method)) return;
      try {
        assertSameSite(request, env);
      } catch (error) {
        noteRefusal(request, "cross_site", { origin: headerDetail(request.headers.origin), fetchSite: headerDetail(request.headers["sec-fetch-site"]) });
        throw error;
      }
    });
  },
  { name: "security", dependencies: ["refusal-audit"] },
);
