import { sql } from "kysely";
import type { FastifyInstance } from "fastify";

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  /** The process is up and serving. */
  app.get("/healthz", async () => ({ status: "ok" }));

  /** The database answers: the instance can take traffic. */
  app.get("/readyz", async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.clinic.db);
      return { status: "ready", database: app.database.kind };
    } catch (error) {
      app.log.warn({ err: error }, "readiness check failed");
      return reply.status(503).send({ status: "unavailable", database: app.database.kind });
    }
  });
}
