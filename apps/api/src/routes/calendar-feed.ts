import { calendarFeedFor } from "@halcyon/domain";
import type { FastifyInstance } from "fastify";

/** The private iCalendar feed a calendar app subscribes to; the token in the URL is the key. */
export async function calendarFeedRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { token?: string } }>("/api/calendar.ics", async (request, reply) => {
    const feed = await calendarFeedFor(app.clinic, request.query.token ?? "");
    if (feed === undefined) {
      return reply.status(404).send({ code: "NOT_FOUND", message: "This calendar link is not valid. It may have been replaced or revoked." });
    }
    return reply.type("text/calendar; charset=utf-8").header("content-disposition", 'inline; filename="halcyon.ics"').send(feed);
  });
}
