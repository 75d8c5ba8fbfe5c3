// Stripe's webhook: a plain route, because Stripe fixes its shape and signs the body exactly as
// sent. This plugin reads JSON as raw bytes (the rest of the API parses it), so the library's
// own check (stripe.webhooks.constructEvent) sees what Stripe signed.
import { receiveStripeEvent } from "@halcyon/domain";
import type { FastifyInstance } from "fastify";
import { sendError } from "../errors";

/** Stripe's events carry whole objects: more than the API's usual limit. */
const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

export async function stripeWebhookRoutes(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, (_request, body, done) => done(null, body));

  app.post("/api/payments/stripe/webhook", { bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, async (request, reply) => {
    try {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers["stripe-signature"];
      return reply.send(await receiveStripeEvent(app.clinic, body, typeof signature === "string" ? signature : undefined));
    } catch (error) {
      return sendError(app, reply, error, "payments.stripeWebhook");
    }
  });
}
