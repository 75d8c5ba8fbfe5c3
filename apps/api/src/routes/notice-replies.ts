// What comes back from outside about notices, on paths that are not procedures because others
// fix their shape: the one-click unsubscribe of RFC 8058 (a mail provider POSTs a form to the
// List-Unsubscribe URL) and Twilio's webhook for replies to texts (a form, signed by Twilio).
import { createCaller, parseClientInput, textReply } from "@halcyon/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import twilio from "twilio";
import { z } from "zod";
import type { Env } from "../env";
import { sendError } from "../errors";
import { expectedOrigin } from "../plugins/security";

const tokenQuerySchema = z.object({ token: z.string().max(2000).optional() });
const inboundSchema = z.object({ From: z.string().max(40), Body: z.string().max(2000) });

export async function noticeReplyRoutes(app: FastifyInstance, { env }: { env: Env }): Promise<void> {
  // Both take forms (this plugin's own parser: the rest of the API takes JSON only).
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 16 * 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  // RFC 8058: the body says List-Unsubscribe=One-Click; the signed token alone decides what is turned off.
  app.post("/api/notices/unsubscribe", async (request, reply) => {
    try {
      const { token } = parseClientInput(tokenQuerySchema, request.query);
      const ctx = await app.createRequestContext(request, reply);
      return reply.send(await createCaller(ctx).notices.unsubscribe({ token: token ?? "" }));
    } catch (error) {
      return sendError(app, reply, error, "notices.unsubscribe");
    }
  });

  // A mail client that opens the link instead: the web app's page says what it turns off and asks.
  app.get("/api/notices/unsubscribe", async (request, reply) => {
    const { token } = parseClientInput(tokenQuerySchema, request.query);
    return reply.redirect(`/notices/unsubscribe?token=${encodeURIComponent(token ?? "")}`, 303);
  });

  app.post("/api/notices/sms/inbound", async (request, reply) => {
    if (env.TWILIO_AUTH_TOKEN === undefined) return reply.status(404).send({ code: "NOT_FOUND", message: "This clinic does not send text messages." });
    const params = (typeof request.body === "object" && request.body !== null ? request.body : {}) as Record<string, string>;
    const signature = request.headers["x-twilio-signature"];
    if (typeof signature !== "string" || !twilio.validateRequest(env.TWILIO_AUTH_TOKEN, signature, signedUrl(request, env), params)) {
      return reply.status(403).send({ code: "FORBIDDEN", message: "This request is not signed by the clinic's text-message provider." });
    }
    try {
      const { From, Body } = parseClientInput(inboundSchema, params);
      await textReply(app.clinic, From, Body);
      // Twilio answers STOP and START itself; nothing more is texted back.
      return reply.type("text/xml").send("<Response></Response>");
    } catch (error) {
      return sendError(app, reply, error);
    }
  });
}

/** The URL Twilio requested, as Twilio signed it: the public origin and the path with its query. */
function signedUrl(request: FastifyRequest, env: Env): string {
  return `${expectedOrigin(request, env)}${request.url}`;
}
