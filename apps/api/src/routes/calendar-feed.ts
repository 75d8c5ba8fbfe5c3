import { calendarFeedFor, parseClientInput } from "@halcyon/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { sendError } from "../errors";

const NOT_A_LINK = "This calendar link is not valid. It may have been replaced or revoked.";
/** The link's token, once: a repeated or oversized one is a bad link, not a server error. */
const feedQuerySchema = z.object({ token: z.string({ error: NOT_A_LINK }).max(200, NOT_A_LINK).optional() });

/** The private iCalendar feed a calendar app subscribes to; the token in the URL is the key. */
export async function calendarFeedRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/calendar.ics", async (request, reply) => {
    try {
      const { token } = parseClientInput(feedQuerySchema, request.query);
      const feed = await calendarFeedFor(app.clinic, token ?? "");
      if (feed === undefined) return reply.status(404).send({ code: "NOT_FOUND", message: NOT_A_LINK });
      return reply.type("text/calendar; charset=utf-8").header("content-disposition", 'inline; filename="halcyon.ics"').send(feed);
    } catch (error) {
      return sendError(app, reply, error);
    }
  });
}
